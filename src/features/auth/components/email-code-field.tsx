import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { validateEmail } from '../../../lib/validate'
import { toast } from '../../../lib/toast'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { TextField } from '../../../lib/ui/text-field'
import { normalizeEmail } from '../logic'
import { useResendCountdown } from './use-resend-countdown'

interface EmailCodeFieldProps {
  email: string
  code: string
  onCodeChange: (code: string) => void
  error?: MessageDescriptor | null
  /** Asks the server to mail a code (registration or password reset). */
  send: (email: string) => Promise<unknown>
  /** Shows the email field's own error when the address is wrong. */
  onEmailInvalid: (message: MessageDescriptor) => void
}

/** The 6-digit email code with its "Send code" button and 60 s countdown (spec §5, §7). */
export function EmailCodeField({ email, code, onCodeChange, error, send, onEmailInvalid }: EmailCodeFieldProps) {
  const { t } = useLingui()
  const { wait, markSent } = useResendCountdown()
  const { busy: sending, run } = useBusyAction()

  const sendCode = async () => {
    const invalid = validateEmail(email)
    if (invalid) return onEmailInvalid(invalid)
    await run(async () => {
      await send(normalizeEmail(email))
      markSent()
      toast.success(t`A code was sent to your email`)
    })
  }

  const button = (
    <button type="button" className="field__action" onClick={sendCode} disabled={sending || wait > 0}>
      {wait > 0 ? <Trans>Resend in {wait}s</Trans> : <Trans>Send code</Trans>}
    </button>
  )
  return (
    <TextField
      label={<Trans>Email verification code</Trans>}
      value={code}
      onValueChange={(value) => onCodeChange(value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t`6 digits`}
      error={error}
      trailing={button}
    />
  )
}
