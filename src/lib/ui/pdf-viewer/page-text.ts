// A PDF page's words for those who cannot read its drawing (WCAG 1.1.1, 1.4.10): a screen reader
// reads them instead of the canvas, and the viewer's text view shows them at the reader's own text
// size, wrapped to the screen. pdf.js gives the page's text as runs with their place and size;
// this makes paragraphs and headings of them.

/** One run of text as pdf.js reports it (TextItem): its string, its height and its baseline's y. */
export interface TextRun {
  str: string
  /** True when a line ends after this run. */
  hasEOL: boolean
  height: number
  /** The baseline's height from the page's bottom (transform[5]). */
  y: number
}

export interface TextBlock {
  text: string
  /** Set in larger type than the page's body text: a title or a section's heading. */
  heading: boolean
}

interface Line {
  text: string
  height: number
  y: number
}

// Chinese, Japanese and Korean lines join without a space where one line ends or the next begins
// with one of their characters (Korean, which spaces its words, keeps a space between Hangul).
const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u

function joinLines(left: string, right: string): string {
  if (!left) return right
  if (CJK.test(left.at(-1) ?? '') || CJK.test(right.charAt(0))) return left + right
  return `${left} ${right}`
}

function linesOf(runs: readonly TextRun[]): Line[] {
  const lines: Line[] = []
  let current: Line | null = null
  for (const run of runs) {
    if (run.str) {
      current ??= { text: '', height: run.height, y: run.y }
      current.text += run.str
      current.height = Math.max(current.height, run.height)
    }
    if (run.hasEOL && current) {
      lines.push(current)
      current = null
    }
  }
  if (current) lines.push(current)
  return lines.map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() })).filter((line) => line.text)
}

/**
 * The page's text, top to bottom, without its page number, as blocks: lines of the same size close together join into one
 * paragraph; a wider gap or another size starts the next; text larger than the body is a heading.
 */
export function textBlocks(runs: readonly TextRun[]): TextBlock[] {
  // Top first (a footer's page number may come first in the file); same-height lines keep their order.
  const lines = linesOf(runs).toSorted((a, b) => b.y - a.y)
  if (lines.length === 0) return []
  const sizes = new Map<number, number>()
  for (const line of lines) sizes.set(line.height, (sizes.get(line.height) ?? 0) + line.text.length)
  const body = [...sizes].toSorted((a, b) => b[1] - a[1])[0]?.[0] ?? 0
  // The page number in the footer (the lowest line, a number in small type) says nothing the text view does not.
  const footer = lines.at(-1)
  if (footer && /^\d+$/.test(footer.text) && footer.height < body) lines.pop()
  const blocks: TextBlock[] = []
  let previous: Line | null = null
  for (const line of lines) {
    const last = blocks.at(-1)
    const sameParagraph = previous && last && previous.height === line.height && previous.y - line.y <= line.height * 1.8
    if (sameParagraph) last.text = joinLines(last.text, line.text)
    else blocks.push({ text: line.text, heading: line.height > body * 1.2 })
    previous = line
  }
  return blocks
}
