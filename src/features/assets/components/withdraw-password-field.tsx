import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { PasswordField } from '../../../lib/ui/text-field'

interface WithdrawPasswordFieldProps {
  /** Whether the account has a fund password: true, false, or null while the profile loads. */
  isSet: boolean | null
  value: string
  onValueChange: (value: string) => void
  error?: MessageDescriptor | null
}

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6)

/** The 6-digit fund password; without one, where to set it rather than a field that cannot succeed. */
export function WithdrawPasswordField({ isSet, value, onValueChange, error }: WithdrawPasswordFieldProps) {
  const { t } = useLingui()
  if (isSet === false) {
    return (
      <div className="notice notice--warning" role="alert">
        <p><Trans>Withdrawals are confirmed with a fund password, and this account has none yet.</Trans></p>
        <Link to="/me/safety" className="button button--primary button--small"><Trans>Set fund password</Trans></Link>
      </div>
    )
  }
  return (
    <PasswordField label={<Trans>Fund password</Trans>} value={value} onValueChange={(next) => onValueChange(digitsOnly(next))}
      inputMode="numeric" autoComplete="off" placeholder={t`6 digits`} error={error} />
  )
}
