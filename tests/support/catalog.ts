// What a catalog says for a message, so browser tests expect the real translation rather than a
// copy of it that could drift.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parsePo } from '../../scripts/po.mjs'

const root = join(import.meta.dirname, '..', '..')

export function translationOf(locale: string, source: string): string {
  // The shell's messages.po and the features' own catalogs of that locale.
  const dir = join(root, 'locales', locale)
  const entries = readdirSync(dir).filter((name) => name.endsWith('.po')).flatMap((name) => parsePo(readFileSync(join(dir, name), 'utf8')))
  const translation = new Map(entries).get(source)
  if (!translation) throw new Error(`${locale} has no translation of ${JSON.stringify(source)}`)
  return translation
}
