// A screen must read the same however it was reached. Lingui keeps one translation per message,
// so when two catalogs of a language say different things for one message, whichever loaded last
// wins: the Seconds screen's "Open" tab once read as the chart's "opening price" (开, 시가, 始値)
// when the page was loaded directly. Loading every catalog in one order and in the reverse order
// must give the same translations (scripts/check-i18n.mjs names the clashing message).
import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { FEATURE_CATALOGS } from '../../src/lib/catalog-names'

const catalogFiles = import.meta.glob<{ messages: Record<string, unknown> }>('../../locales/*/*.po')
const NAMES = ['messages', ...FEATURE_CATALOGS]

async function loadedInOrder(locale: string, names: readonly string[]) {
  const i18n = setupI18n()
  for (const name of names) {
    const load = catalogFiles[`../../locales/${locale}/${name}.po`]
    if (!load) throw new Error(`no catalog ${name} for ${locale}`)
    i18n.load(locale, (await load()).messages as never)
  }
  i18n.activate(locale)
  return i18n.messages
}

describe.each(['zh-CN', 'ko', 'ja'])('%s', (locale) => {
  it('reads every message the same whichever catalog loaded first', async () => {
    const forward = await loadedInOrder(locale, NAMES)
    const backward = await loadedInOrder(locale, NAMES.toReversed())
    expect(Object.keys(forward).length).toBeGreaterThan(500)
    const differing = Object.keys(forward).filter((id) => JSON.stringify(forward[id]) !== JSON.stringify(backward[id]))
    expect(differing).toEqual([])
  })
})
