import './password-meter.css'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { STRENGTH_LEVELS } from '../password-strength'
import { usePasswordStrength } from './use-password-strength'

// Ids equal to their English text: the en-US build leaves such messages out of the shell catalog
// (scripts/vite-source-catalog.ts), so the meter adds nothing to a first visit's `app` chunk.
const LABEL = msg({ id: 'Password strength', message: 'Password strength' })
const LEVELS = {
  weak: msg({ id: 'Weak', message: 'Weak' }),
  fair: msg({ id: 'Fair', message: 'Fair' }),
  good: msg({ id: 'Good', message: 'Good' }),
  strong: msg({ id: 'Strong', message: 'Strong' }),
}

/**
 * Under a new login password (register, reset, change): weak, fair, good or strong, as zxcvbn-ts
 * estimates it. A meter (role="meter" with its step as text), drawn once the estimate is ready;
 * `email` is the account's address, which a good password does not contain.
 */
export function PasswordMeter({ password, email }: { password: string; email?: string }) {
  const { i18n } = useLingui()
  const level = usePasswordStrength(password, email)
  if (!level) return null
  const step = STRENGTH_LEVELS.indexOf(level) + 1
  const text = i18n._(LEVELS[level])
  return (
    <div
      className={`password-meter password-meter--${level}`}
      role="meter"
      aria-label={i18n._(LABEL)}
      aria-valuemin={1}
      aria-valuemax={STRENGTH_LEVELS.length}
      aria-valuenow={step}
      aria-valuetext={text}
    >
      <span className="password-meter__bars" aria-hidden="true">
        {STRENGTH_LEVELS.map((name, index) => (
          <span key={name} className={index < step ? 'password-meter__bar password-meter__bar--on' : 'password-meter__bar'} />
        ))}
      </span>
      <span className="password-meter__text">{text}</span>
    </div>
  )
}
