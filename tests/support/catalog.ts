// What a catalog says for a message, so browser tests expect the real translation rather than a
// copy of it that could drift.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parsePo } from '../../scripts/po.mjs'

const root = join(import.meta.dirname, '..', '..')

export function translationOf(locale: string, source: string): string {
  const catalog = new Map(parsePo(readFileSync(join(root, 'locales', locale, 'messages.po'), 'utf8')))
  const translation = catalog.get(source)
  if (!translation) throw new Error(`${locale} has no translation of ${JSON.stringify(source)}`)
  return translation
}
