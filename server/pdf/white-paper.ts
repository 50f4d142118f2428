// A white paper as a real multi-page PDF (pdf-lib): a title page, sections of wrapped text, a
// table and a bar chart drawn with rectangles and lines. Used by the launchpad's projects and the
// platform's own paper, in each of the app's languages (paper-fonts.ts embeds the glyphs they need).
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib'
import { embedPaperFonts, type PaperLanguage } from './paper-fonts.ts'
import { wrapTokens } from './wrap.ts'

export interface PaperSection {
  heading: string
  paragraphs: string[]
}

export interface PaperContent {
  title: string
  subtitle: string
  sections: PaperSection[]
  table: { heading: string; columns: [string, string, string]; rows: Array<[string, string, string]> }
  chart: { heading: string; bars: Array<{ label: string; value: number }> }
  /** The accent colour, 0…1 per channel. */
  accent: [number, number, number]
  /** The language the paper is written in: it picks the fonts and the line breaking. */
  language: PaperLanguage
}

// A phone-shaped page (9:16, 360 pt wide): the papers are read in the app on phones, where a page
// fits the screen's width, so 1 pt draws at about 1 CSS px and the 11 pt body text reads like the
// app's own. An A4 page fitted to a 390 px screen drew that text at 6 px and its labels at 4–5 px.
const WIDTH = 360
const HEIGHT = 640
const MARGIN = 24
const BODY = 11
const INK = rgb(0.12, 0.13, 0.16)

/** Lines of at most `width`, broken between words, and between ideographs or kana (wrap.ts). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const token of wrapTokens(text)) {
    const candidate = line + token
    if (font.widthOfTextAtSize(candidate.trimEnd(), size) > width && line.trim()) {
      lines.push(line.trimEnd())
      line = token.trimStart()
    } else line = candidate
  }
  if (line.trim()) lines.push(line.trimEnd())
  return lines
}

class Writer {
  page!: PDFPage
  y = 0
  readonly doc: PDFDocument
  readonly font: PDFFont
  readonly bold: PDFFont
  constructor(doc: PDFDocument, font: PDFFont, bold: PDFFont) {
    this.doc = doc
    this.font = font
    this.bold = bold
    this.newPage()
  }
  newPage(): void {
    this.page = this.doc.addPage([WIDTH, HEIGHT])
    this.y = HEIGHT - MARGIN
    this.page.drawText(String(this.doc.getPageCount()), { x: WIDTH / 2, y: 28, size: 8, font: this.font, color: INK })
  }
  need(height: number): void {
    if (this.y - height < MARGIN) this.newPage()
  }
  text(value: string, size: number, bold = false): void {
    const font = bold ? this.bold : this.font
    for (const line of wrap(value, font, size, WIDTH - 2 * MARGIN)) {
      this.need(size * 1.6)
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: INK })
      this.y -= size * 1.6
    }
  }
}

/** Every character the paper draws, for the fonts' subsets. */
function paperText(content: PaperContent): string {
  const { sections, table, chart } = content
  return [
    content.title, content.subtitle,
    ...sections.flatMap((part) => [part.heading, ...part.paragraphs]),
    table.heading, ...table.columns, ...table.rows.flat(),
    chart.heading, ...chart.bars.map((bar) => bar.label),
  ].join('')
}

export async function drawWhitePaper(content: PaperContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(content.title)
  doc.setCreator('NovaEx')
  doc.setLanguage(content.language)
  const { font, bold } = await embedPaperFonts(doc, content.language, paperText(content))
  const accent = rgb(...content.accent)
  const w = new Writer(doc, font, bold)
  // Title page.
  w.page.drawRectangle({ x: 0, y: HEIGHT - 220, width: WIDTH, height: 220, color: accent })
  wrap(content.title, bold, 24, WIDTH - 2 * MARGIN).slice(0, 2).forEach((line, index) => {
    w.page.drawText(line, { x: MARGIN, y: HEIGHT - 100 - index * 30, size: 24, font: bold, color: rgb(1, 1, 1) })
  })
  wrap(content.subtitle, font, 12, WIDTH - 2 * MARGIN).slice(0, 3).forEach((line, index) => {
    w.page.drawText(line, { x: MARGIN, y: HEIGHT - 150 - index * 17, size: 12, font, color: rgb(1, 1, 1) })
  })
  w.y = HEIGHT - 250
  const [first, ...rest] = content.sections
  if (first) section(w, first)
  w.newPage()
  for (const part of rest) section(w, part)
  // The table of the token split.
  w.newPage()
  w.text(content.table.heading, 16, true)
  w.y -= 8
  const columnX = [MARGIN, MARGIN + 170, MARGIN + 240]
  const rowHeight = 22
  const rows = [content.table.columns, ...content.table.rows]
  rows.forEach((row, index) => {
    w.need(rowHeight)
    if (index === 0) w.page.drawRectangle({ x: MARGIN - 6, y: w.y - rowHeight + 6, width: WIDTH - 2 * MARGIN + 12, height: rowHeight, color: accent, opacity: 0.2 })
    row.forEach((cell, column) => w.page.drawText(cell, { x: columnX[column] ?? MARGIN, y: w.y - 12, size: 10, font: index === 0 ? bold : font, color: INK }))
    w.page.drawLine({ start: { x: MARGIN - 6, y: w.y - rowHeight + 6 }, end: { x: WIDTH - MARGIN + 6, y: w.y - rowHeight + 6 }, thickness: 0.5, color: INK, opacity: 0.4 })
    w.y -= rowHeight
  })
  // The chart: one bar per row, on axes.
  w.y -= 32
  w.need(240)
  w.text(content.chart.heading, 16, true)
  const base = w.y - 190
  const left = MARGIN + 10
  const max = Math.max(1, ...content.chart.bars.map((bar) => bar.value))
  const slot = (WIDTH - 2 * MARGIN - 20) / Math.max(1, content.chart.bars.length)
  w.page.drawLine({ start: { x: left, y: base }, end: { x: WIDTH - MARGIN, y: base }, thickness: 1, color: INK })
  w.page.drawLine({ start: { x: left, y: base }, end: { x: left, y: base + 170 }, thickness: 1, color: INK })
  content.chart.bars.forEach((bar, index) => {
    const height = (bar.value / max) * 150
    const x = left + index * slot + slot * 0.2
    w.page.drawRectangle({ x, y: base, width: slot * 0.6, height, color: accent, opacity: 0.4 + (0.6 * (index + 1)) / content.chart.bars.length })
    w.page.drawText(String(bar.value), { x: x + 2, y: base + height + 4, size: 10, font: bold, color: INK })
    wrap(bar.label, font, 8, slot - 4).slice(0, 2).forEach((line, row) => {
      w.page.drawText(line, { x: x - slot * 0.15, y: base - 14 - row * 10, size: 8, font, color: INK })
    })
  })
  return doc.save()
}

function section(w: Writer, part: PaperSection): void {
  w.need(60)
  w.y -= 10
  w.text(part.heading, 16, true)
  w.y -= 4
  for (const paragraph of part.paragraphs) {
    w.text(paragraph, BODY)
    w.y -= 8
  }
}
