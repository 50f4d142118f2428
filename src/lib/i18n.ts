// Lingui set-up: four locales (spec §1), en-US the default. Catalogs are the .po files under
// locales/, compiled by @lingui/vite-plugin when imported, one chunk per locale.
import { i18n, type MessageDescriptor } from '@lingui/core'

export { i18n }

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

const catalogs: Record<AppLocale, () => Promise<{ messages: Record<string, unknown> }>> = {
  'en-US': () => import('../../locales/en-US/messages.po'),
  'zh-CN': () => import('../../locales/zh-CN/messages.po'),
  ko: () => import('../../locales/ko/messages.po'),
  ja: () => import('../../locales/ja/messages.po'),
}

export async function activateLocale(locale: AppLocale): Promise<void> {
  const { messages } = await catalogs[locale]()
  i18n.loadAndActivate({ locale, messages: messages as never })
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/** Spec §8: a catalog id is translated, any other text (a server's own words) is shown as is. */
export function translate(text: string | MessageDescriptor): string {
  if (typeof text !== 'string') return i18n._(text)
  return text in i18n.messages ? i18n._(text) : text
}
