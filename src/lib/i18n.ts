// Lingui set-up: four locales (spec §1), en-US the default. Catalogs are the .po files under
// locales/, compiled by @lingui/vite-plugin when imported: the shell's messages.po at start, a
// feature's own catalog (lib/catalog-names) when a route that shows it loads.
import { i18n, type MessageDescriptor } from '@lingui/core'
import type { FeatureCatalog } from './catalog-names'

export { i18n }

// The built en-US catalogs leave out every message that is its own id (scripts/vite-source-catalog.ts,
// architecture §8), and Lingui then falls back to the id. Production has no ICU compiler: the id is
// plain text, compiled here as the catalog had it (one text token), rather than Lingui warning.
if (import.meta.env.PROD) i18n.setMessagesCompiler((message) => [message])

export const LOCALES = ['en-US', 'zh-CN', 'ko', 'ja'] as const
export type AppLocale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: AppLocale = 'en-US'

/** Each language named in itself, as a language switch shows it. */
export const LOCALE_NAMES: Record<AppLocale, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  ko: '한국어',
  ja: '日本語',
}

export const isAppLocale = (value: string): value is AppLocale => (LOCALES as readonly string[]).includes(value)

// Every catalog of every locale, compiled by @lingui/vite-plugin on import, one chunk each.
const catalogFiles = import.meta.glob<{ messages: Record<string, unknown> }>('../../locales/*/*.po')
const catalogOf = (locale: AppLocale, name: string) => {
  const load = catalogFiles[`../../locales/${locale}/${name}.po`]
  if (!load) throw new Error(`no catalog ${name} for ${locale}`)
  return load()
}

/** The feature catalogs some screen has needed so far: a language switch loads them too. */
const inUse = new Set<FeatureCatalog>()

async function loadInto(locale: AppLocale, names: readonly string[]): Promise<void> {
  const loaded = await Promise.all(names.map((name) => catalogOf(locale, name)))
  for (const { messages } of loaded) i18n.load(locale, messages as never)
}

export async function activateLocale(locale: AppLocale): Promise<void> {
  await loadInto(locale, ['messages', ...inUse])
  i18n.activate(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/** Makes features' own catalogs available (a route's loader awaits them before its screen renders). */
export async function loadCatalog(...names: FeatureCatalog[]): Promise<void> {
  const needed = names.filter((name) => !inUse.has(name))
  if (needed.length === 0) return
  for (const name of needed) inUse.add(name)
  const locale = (i18n.locale || DEFAULT_LOCALE) as AppLocale
  await loadInto(locale, needed)
  // Re-activating tells subscribed components that the catalog changed.
  i18n.activate(locale)
}

/** Spec §8: a catalog id is translated, any other text (a server's own words) is shown as is. */
export function translate(text: string | MessageDescriptor): string {
  if (typeof text !== 'string') return i18n._(text)
  return text in i18n.messages ? i18n._(text) : text
}
