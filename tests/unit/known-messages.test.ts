// The server speaks English ids; the app must be able to show each of them in every language.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { KNOWN_MESSAGES } from '../../src/lib/known-messages'
import { parsePo } from '../../scripts/po.mjs'

const LOCALES = ['en-US', 'zh-CN', 'ko', 'ja']
const SPEC_KEYS = ['c_enteropenamt', 'u_limit_min_low', 'c_a_transferTip', 'c_create_success', 'c_a_transferSuc']

it('declares every server message for extraction', () => {
  const declared = new Set(KNOWN_MESSAGES.map((m) => m.id))
  for (const text of Object.values(SERVER_MESSAGES)) expect(declared, text).toContain(text)
})

it.each(LOCALES)('the %s catalog carries every server message and spec key', (locale) => {
  const entries = parsePo(readFileSync(join(import.meta.dirname, '../../locales', locale, 'messages.po'), 'utf8'))
  const catalog = new Map(entries.filter(([, , context]) => context === '').map(([id, text]) => [id, text]))
  for (const id of [...Object.values(SERVER_MESSAGES), ...SPEC_KEYS]) {
    expect(catalog.has(id), `${locale} lacks ${id}`).toBe(true)
    if (locale !== 'en-US') expect(catalog.get(id), `${locale} leaves ${id} untranslated`).not.toBe('')
  }
})
