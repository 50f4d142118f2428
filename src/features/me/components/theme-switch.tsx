import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { saveThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from '../../../lib/theme'

const NAMES: Record<ThemeChoice, MessageDescriptor> = {
  system: msg({ message: 'System', context: 'theme' }),
  light: msg({ message: 'Light', context: 'theme' }),
  dark: msg({ message: 'Dark', context: 'theme' }),
}

/**
 * The app's theme (issue 21): System (the phone's light or dark setting, the default), Light or
 * Dark. Kept on the device (lib/theme), so it works offline and before sign-in alike.
 */
export function ThemeSwitch() {
  const { t, i18n } = useLingui()
  const choice = useThemeChoice()
  const title = t({ message: 'Theme', context: 'appearance' })
  return (
    <section className="card theme-switch">
      <h2 className="theme-switch__title" id="theme-switch-title">{title}</h2>
      <div className="theme-switch__options" role="radiogroup" aria-labelledby="theme-switch-title">
        {THEME_CHOICES.map((option) => (
          <button key={option} type="button" role="radio" aria-checked={choice === option}
            className="theme-switch__option" onClick={() => saveThemeChoice(option)}>
            {i18n._(NAMES[option])}
          </button>
        ))}
      </div>
    </section>
  )
}
