// A white paper as a real multi-page PDF (pdf-lib): a title page, sections of wrapped text, a
// table and a bar chart drawn with rectangles and lines. Used by the launchpad's projects and the
// platform's own paper. Standard fonts only (WinAnsi): the papers are written in English.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'

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
}

const WIDTH = 595
const HEIGHT = 842
const MARGIN = 56
const INK = rgb(0.12, 0.13, 0.16)

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line)
      line = word
    } else line = candidate
  }
  if (line) lines.push(line)
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
    this.page.drawText(String(this.doc.getPageCount()), { x: WIDTH / 2, y: 28, size: 9, font: this.font, color: INK })
  }
  need(height: number): void {
    if (this.y - height < MARGIN) this.newPage()
  }
  text(value: string, size: number, bold = false): void {
    const font = bold ? this.bold : this.font
    for (const line of wrap(value, font, size, WIDTH - 2 * MARGIN)) {
      this.need(size * 1.5)
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: INK })
      this.y -= size * 1.5
    }
  }
}

export async function drawWhitePaper(content: PaperContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(content.title)
  doc.setCreator('NovaEx')
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const accent = rgb(...content.accent)
  const w = new Writer(doc, font, bold)
  // Title page.
  w.page.drawRectangle({ x: 0, y: HEIGHT - 260, width: WIDTH, height: 260, color: accent })
  w.page.drawText(content.title, { x: MARGIN, y: HEIGHT - 150, size: 30, font: bold, color: rgb(1, 1, 1) })
  w.page.drawText(content.subtitle, { x: MARGIN, y: HEIGHT - 190, size: 14, font, color: rgb(1, 1, 1) })
  w.y = HEIGHT - 300
  const [first, ...rest] = content.sections
  if (first) section(w, first)
  w.newPage()
  for (const part of rest) section(w, part)
  // The table of the token split.
  w.newPage()
  w.text(content.table.heading, 18, true)
  w.y -= 8
  const columnX = [MARGIN, MARGIN + 220, MARGIN + 360]
  const rowHeight = 24
  const rows = [content.table.columns, ...content.table.rows]
  rows.forEach((row, index) => {
    w.need(rowHeight)
    if (index === 0) w.page.drawRectangle({ x: MARGIN - 6, y: w.y - rowHeight + 6, width: WIDTH - 2 * MARGIN + 12, height: rowHeight, color: accent, opacity: 0.2 })
    row.forEach((cell, column) => w.page.drawText(cell, { x: columnX[column] ?? MARGIN, y: w.y - 12, size: 11, font: index === 0 ? bold : font, color: INK }))
    w.page.drawLine({ start: { x: MARGIN - 6, y: w.y - rowHeight + 6 }, end: { x: WIDTH - MARGIN + 6, y: w.y - rowHeight + 6 }, thickness: 0.5, color: INK, opacity: 0.4 })
    w.y -= rowHeight
  })
  // The chart: one bar per row, on axes.
  w.y -= 40
  w.need(300)
  w.text(content.chart.heading, 18, true)
  const base = w.y - 240
  const left = MARGIN + 10
  const max = Math.max(1, ...content.chart.bars.map((bar) => bar.value))
  const slot = (WIDTH - 2 * MARGIN - 20) / Math.max(1, content.chart.bars.length)
  w.page.drawLine({ start: { x: left, y: base }, end: { x: WIDTH - MARGIN, y: base }, thickness: 1, color: INK })
  w.page.drawLine({ start: { x: left, y: base }, end: { x: left, y: base + 210 }, thickness: 1, color: INK })
  content.chart.bars.forEach((bar, index) => {
    const height = (bar.value / max) * 190
    const x = left + index * slot + slot * 0.2
    w.page.drawRectangle({ x, y: base, width: slot * 0.6, height, color: accent, opacity: 0.4 + (0.6 * (index + 1)) / content.chart.bars.length })
    w.page.drawText(String(bar.value), { x: x + 2, y: base + height + 4, size: 10, font: bold, color: INK })
    w.page.drawText(bar.label.slice(0, 14), { x, y: base - 14, size: 8, font, color: INK })
  })
  return doc.save()
}

function section(w: Writer, part: PaperSection): void {
  w.need(60)
  w.y -= 10
  w.text(part.heading, 18, true)
  w.y -= 4
  for (const paragraph of part.paragraphs) {
    w.text(paragraph, 11)
    w.y -= 8
  }
}
