// Which of an announcement's languages a reader gets: the first of their accept-language choices
// that it was written in (exactly, or by the primary subtag: `ko-KR` reads `ko`, `zh` reads
// `zh-CN`), else the language the operator wrote first.
import { MESSAGE_LANGS } from '../../src/contract/profile.ts'

/** The caller's accept-language tags, most wanted first (q-values honoured, at most 10 looked at). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .slice(0, 10)
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';')
      const q = options.map((o) => /^\s*q=([01](?:\.\d{1,3})?)\s*$/.exec(o)?.[1]).find((v) => v !== undefined)
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((choice) => choice.tag !== '' && choice.tag !== '*' && choice.q > 0)
    .toSorted((a, b) => b.q - a.q || a.index - b.index)
    .map((choice) => choice.tag)
}

/** The written language that best matches the reader's choices, or the default one. */
export function pickLanguage(written: readonly string[], accepted: readonly string[], fallback: string): string {
  for (const tag of accepted) {
    const exact = written.find((lang) => lang.toLowerCase() === tag)
    if (exact) return exact
    const primary = tag.split('-')[0]
    const near = written.find((lang) => lang.toLowerCase().split('-')[0] === primary)
    if (near) return near
  }
  return fallback
}

/** Normalizes an operator's `--lang` to one of the app's locales, or undefined. */
export function appLanguage(value: string): string | undefined {
  const wanted = value.toLowerCase()
  return MESSAGE_LANGS.find((lang) => lang.toLowerCase() === wanted) ?? MESSAGE_LANGS.find((lang) => lang.toLowerCase().split('-')[0] === wanted)
}
