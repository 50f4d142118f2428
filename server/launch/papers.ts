// The white papers, in the reader's language (paper-texts.ts): a project's, drawn on first request
// from its own figures and stored under DATA_DIR/launch/ (so seeding stays fast and a restart serves the same file), and the platform's.
// Several processes may draw the same paper at once: each writes a temporary file and renames it
// into place, so a reader never sees half a file and every copy is the same. Like everything under
// DATA_DIR they are the server's account's only (0700 folder, 0600 files): the server serves them.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../db/database.ts'
import type { PaperLanguage } from '../pdf/paper-fonts.ts'
import { drawWhitePaper } from '../pdf/white-paper.ts'
import { platformPaperBody, projectPaperBody } from './paper-texts.ts'
import type { StoredProject } from './projects.ts'

export const PDF_HEADERS = {
  'content-type': 'application/pdf',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=3600',
} as const

function hslToRgb(hue: number): [number, number, number] {
  const k = (n: number) => (n + hue / 30) % 12
  const f = (n: number) => 0.45 - 0.3 * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [f(0), f(8), f(4)]
}

async function stored(dataDir: string, name: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const dir = join(dataDir, 'launch')
  const path = join(dir, name)
  try {
    return await readFile(path)
  } catch {
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const bytes = await draw()
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
    await writeFile(temporary, bytes, { mode: 0o600 })
    await rename(temporary, path)
    return bytes
  }
}

/**
 * The stored file's name: per language, and versioned, so papers drawn by an older layout (English
 * only, before the CJK fonts) are drawn again rather than served from DATA_DIR.
 */
const paperFile = (base: string, language: PaperLanguage) => `${base}.v2.${language}.pdf`

export async function projectPaper(db: Database, dataDir: string, project: StoredProject, language: PaperLanguage): Promise<Uint8Array> {
  const base = `paper-${project.id}-${project.symbol}`
  const bytes = await stored(dataDir, paperFile(base, language), () => drawWhitePaper({ ...projectPaperBody(project, language), accent: hslToRgb(project.hue), language }))
  if (project.paper === null) await db.run('UPDATE launch_projects SET paper = ? WHERE id = ? AND paper IS NULL', `${base}.pdf`, project.id)
  return bytes
}

export function platformPaper(dataDir: string, language: PaperLanguage): Promise<Uint8Array> {
  return stored(dataDir, paperFile('platform-white-paper', language), () => drawWhitePaper({ ...platformPaperBody(language), accent: [0.13, 0.38, 0.85], language }))
}

export function logoSvg(project: StoredProject): string {
  const text = project.symbol.slice(0, 5)
  const size = text.length > 4 ? 13 : text.length > 3 ? 15 : 19
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${text}">`,
    `<title>${text}</title>`,
    `<circle cx="32" cy="32" r="32" fill="hsl(${project.hue} 65% 45%)"/>`,
    `<circle cx="32" cy="32" r="26" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>`,
    `<text x="32" y="32" dy=".35em" text-anchor="middle" fill="#fff" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}">${text}</text>`,
    '</svg>',
  ].join('')
}
