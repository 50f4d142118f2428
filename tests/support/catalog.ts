// What a catalog says for a message, so browser tests expect the real translation rather than a
// copy of it that could drift.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')

export function translationOf(locale: string, source: string): string {
  const po = readFileSync(join(root, 'locales', locale, 'messages.po'), 'utf8')
  const entry = po.split(/\n\s*\n/).find((block) => block.includes(`\nmsgid ${JSON.stringify(source)}\n`))
  const quoted = entry?.match(/^msgstr (".*")$/m)?.[1]
  const translation = quoted ? (JSON.parse(quoted) as string) : ''
  if (!translation) throw new Error(`${locale} has no translation of ${JSON.stringify(source)}`)
  return translation
}
