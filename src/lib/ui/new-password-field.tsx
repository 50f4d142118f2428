import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { ReactNode } from 'react'
import { preloadPasswordTools } from '../password-strength'
import { PasswordMeter } from './password-meter'
import { PasswordField } from './text-field'

// Id equal to its English text, so the en-US shell catalog in the first visit's chunk stays as it was
// (scripts/vite-source-catalog.ts).
const PLACEHOLDER = msg({ id: '8 to 128 characters', message: '8 to 128 characters' })

interface NewPasswordFieldProps {
  label: ReactNode
  value: string
  onValueChange: (value: string) => void
  error?: MessageDescriptor | null
  /** The account's email: a password containing it is rated weaker. */
  email?: string
}

/**
 * The field where a login password is chosen (register, reset, change): the rule as placeholder and
 * a strength meter under it. Focusing it starts loading zxcvbn-ts, so the meter is ready by the
 * first characters.
 */
export function NewPasswordField({ label, value, onValueChange, error, email }: NewPasswordFieldProps) {
  const { i18n } = useLingui()
  return (
    // The meter sits beside the field rather than inside it: TextField is shared with the shell, and
    // the first visit's chunk should not grow for a screen it never shows (architecture §8).
    <div className="new-password">
      <PasswordField label={label} value={value} onValueChange={onValueChange} error={error}
        autoComplete="new-password" placeholder={i18n._(PLACEHOLDER)} onFocus={preloadPasswordTools} />
      <PasswordMeter password={value} email={email} />
    </div>
  )
}
