// The second factor's field (lib/factor-code): the authenticator app's 6-digit code by default, or
// a recovery code after "Use a recovery code" (and back). Used by the shell's code dialog, the
// sign-in's second step and turning two-factor off.
import './factor-code.css'
import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { cleanTotpInput, type FactorKind } from '../factor-code'
import { TextField } from './text-field'

interface FactorCodeFieldProps {
  kind: FactorKind
  value: string
  onValueChange: (value: string) => void
  /** Switching clears the field (a half-typed code of the other kind means nothing). */
  onKindChange: (kind: FactorKind) => void
  error?: MessageDescriptor | null
  autoFocus?: boolean
}

export function FactorCodeField({ kind, value, onValueChange, onKindChange, error, autoFocus }: FactorCodeFieldProps) {
  // The field takes the focus when it appears (and again when the link switches it): the user is
  // here to type a code. data-autofocus is what a modal dialog (use-modal-dialog) focuses.
  const focus = autoFocus ? { autoFocus: true, 'data-autofocus': true } : {}
  return (
    <div className="factor-code">
      {kind === 'totp' ? (
        <TextField key="totp" label={<Trans>Authentication code</Trans>} value={value} onValueChange={(text) => onValueChange(cleanTotpInput(text))}
          inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} enterKeyHint="done" error={error} {...focus} />
      ) : (
        <TextField key="recovery" label={<Trans>Recovery code</Trans>} value={value} onValueChange={onValueChange}
          autoComplete="off" autoCapitalize="none" autoCorrect="off" spellCheck={false} maxLength={12} enterKeyHint="done" error={error} {...focus} />
      )}
      <button type="button" className="link-button" onClick={() => onKindChange(kind === 'totp' ? 'recovery' : 'totp')}>
        {kind === 'totp' ? <Trans>Use a recovery code</Trans> : <Trans>Use the code from your app</Trans>}
      </button>
    </div>
  )
}
