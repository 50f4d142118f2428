// What a catalog says for a message, so browser tests expect the real translation rather than a
// copy of it that could drift.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parsePo } from '../../scripts/po.mjs'

const root = join(import.meta.dirname, '..', '..')

/** The translation of `source` (with its Lingui context, if it has one) in `locale`'s catalogs. */
export function translationOf(locale: string, source: string, context = ''): string {
  // The shell's messages.po and the features' own catalogs of that locale.
  const dir = join(root, 'locales', locale)
  const entries = readdirSync(dir).filter((name) => name.endsWith('.po')).flatMap((name) => parsePo(readFileSync(join(dir, name), 'utf8')))
  const translation = entries.find(([id, , ctxt]) => id === source && ctxt === context)?.[1]
  if (!translation) throw new Error(`${locale} has no translation of ${JSON.stringify(source)}`)
  return translation
}
