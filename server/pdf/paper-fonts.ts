// The fonts a white paper is set in, per language. English uses the PDF standard Helvetica (no
// file to embed). Chinese, Korean and Japanese need their own glyphs: Noto Sans Hans/KR/JP from the
// @embedpdf/fonts-* npm packages (OFL, installed by `npm ci`, so a fresh clone can draw the papers),
// embedded as subsets of the glyphs the paper uses (subset-font.ts), so a paper stays ~100 KB.
// Each language gets its own font, not one pan-CJK face: the same ideograph is drawn differently in
// Chinese and Japanese, and readers notice.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import { type PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib'
import { subsetFont } from './subset-font.ts'

export const PAPER_LANGUAGES = ['en-US', 'zh-CN', 'ko', 'ja'] as const
export type PaperLanguage = (typeof PAPER_LANGUAGES)[number]

export interface PaperFonts {
  font: PDFFont
  bold: PDFFont
}

/** The npm package and file names of each CJK language's regular and bold faces. */
const CJK_FONTS: Record<Exclude<PaperLanguage, 'en-US'>, { pkg: string; regular: string; bold: string }> = {
  'zh-CN': { pkg: '@embedpdf/fonts-sc', regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' },
  ko: { pkg: '@embedpdf/fonts-kr', regular: 'NotoSansKR-Regular.otf', bold: 'NotoSansKR-Bold.otf' },
  ja: { pkg: '@embedpdf/fonts-jp', regular: 'NotoSansJP-Regular.otf', bold: 'NotoSansJP-Bold.otf' },
}

const require = createRequire(import.meta.url)

/** A font file of a package: the packages export only their index, so the folder is found from it. */
export function fontFile(pkg: string, file: string): string {
  return join(dirname(require.resolve(pkg)), '..', 'fonts', file)
}

/** Printable ASCII: figures, page numbers and Latin names always have their glyphs. */
const ASCII = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).join('')

/** The paper's fonts; `text` is every character the paper will draw (the CJK faces keep only those). */
export async function embedPaperFonts(doc: PDFDocument, language: PaperLanguage, text: string): Promise<PaperFonts> {
  if (language === 'en-US') {
    return { font: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
  }
  const faces = CJK_FONTS[language]
  doc.registerFontkit(fontkit)
  const used = text + ASCII
  const [regular, bold] = await Promise.all(
    [faces.regular, faces.bold].map(async (file) => subsetFont(await readFile(fontFile(faces.pkg, file)), used)),
  )
  // Already subset: pdf-lib embeds them as they are (its own subsetting breaks CFF glyphs). Without
  // contextual alternates: Noto Sans KR's turns a space between Hangul into a glyph pdf.js draws a
  // full em wide, and the lines overran their margin.
  const options = { features: { calt: false } }
  return { font: await doc.embedFont(regular as Uint8Array, options), bold: await doc.embedFont(bold as Uint8Array, options) }
}
