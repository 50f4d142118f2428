import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { LOCALE_NAMES, LOCALES, type AppLocale } from '../../../lib/i18n'
import { useSetAtom } from '../../../lib/store'
import { toastFailure } from '../../../lib/toast'
import { changeLocaleAtom } from '../atoms'

/** The four languages (spec §1), each named in itself; the choice is remembered (User-Lang). */
export function LanguageList() {
  const { i18n, t } = useLingui()
  const changeLocale = useSetAtom(changeLocaleAtom)
  const [pending, setPending] = useState<AppLocale | null>(null)

  const choose = async (locale: AppLocale) => {
    setPending(locale)
    try {
      await changeLocale(locale)
    } catch (error) {
      toastFailure(error)
    } finally {
      setPending(null)
    }
  }
  return (
    <div className="menu" role="radiogroup" aria-label={t`Language`}>
      {LOCALES.map((locale) => (
        <button key={locale} type="button" role="radio" aria-checked={i18n.locale === locale} lang={locale}
          className="menu__item" onClick={() => choose(locale)} disabled={pending !== null}>
          <span>{LOCALE_NAMES[locale]}</span>
          <span className="menu__detail" aria-hidden="true">{i18n.locale === locale ? '✓' : ''}</span>
        </button>
      ))}
    </div>
  )
}
