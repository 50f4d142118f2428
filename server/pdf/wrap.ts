// Where a line of a white paper may break. English and Korean break at spaces (Korean keeps its
// words whole, as `word-break: keep-all` does on screen); Chinese and Japanese have no spaces and
// break between any two ideographs or kana, but never before closing punctuation (。、」）…), which
// stays with the character before it.

/** Han, kana, CJK symbols and fullwidth forms: a line may break before each of them. */
const BREAKABLE = /[\u2e80-\u2fff\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u
/** Punctuation a line must not start with. */
const NO_LINE_START = /[、。，．：；？！）」』】〉》〕ー・ぁぃぅぇぉっゃゅょァィゥェォッャュョ,.:;?!)\]%]/u

/**
 * The text cut into the pieces a line is built from: each piece keeps its leading space, so the
 * pieces joined give the text back.
 */
export function wrapTokens(text: string): string[] {
  const tokens: string[] = []
  let current = ''
  for (const char of text) {
    const breakBefore = current !== '' && !NO_LINE_START.test(char) && (/\s/u.test(char) ? !/\s$/u.test(current) : BREAKABLE.test(char) || BREAKABLE.test(current.at(-1) ?? ''))
    if (breakBefore) {
      tokens.push(current)
      current = ''
    }
    current += char
  }
  if (current) tokens.push(current)
  return tokens
}
