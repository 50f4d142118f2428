// State of the profile area that is not the session itself (that lives in lib/session).
import { activateLocale, type AppLocale } from '../../lib/i18n'
import { localeStorageAtom } from '../../lib/session'
import { atom } from '../../lib/store'

/** The platform's customer-service email and chat link, from the config lookup at start. */
export const customerServiceAtom = atom<{ email: string; link: string } | null>(null)

/** Switches the language: loads the catalog first, then remembers the choice (User-Lang). */
export const changeLocaleAtom = atom(null, async (_get, set, locale: AppLocale) => {
  await activateLocale(locale)
  set(localeStorageAtom, locale)
})
