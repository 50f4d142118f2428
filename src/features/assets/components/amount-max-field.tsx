import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { PLACEHOLDER } from '../../../lib/format'
import { TextField } from '../../../lib/ui/text-field'
import { formatCoin, maxAmount } from '../logic'
import { MaxButton } from '../../../lib/ui/max-button'

interface AmountMaxFieldProps {
  currency: string
  /** What the source account holds; null while it loads (Max then waits). */
  available: string | null
  value: string
  onValueChange: (value: string) => void
  error?: MessageDescriptor | null
  placeholder?: string
}

/** The amount of a transfer or exchange, with "Max" filling in all that is available. */
export function AmountMaxField({ currency, available, value, onValueChange, error, placeholder }: AmountMaxFieldProps) {
  const { t } = useLingui()
  const max = (
    <MaxButton description={t`Use the whole available balance`} disabled={available === null}
      onClick={() => available !== null && onValueChange(maxAmount(available))} />
  )
  return (
    <div className="amount-max">
      <TextField label={<Trans>Amount ({currency})</Trans>} value={value} onValueChange={(next) => onValueChange(next.trim())}
        inputMode="decimal" autoComplete="off" placeholder={placeholder} error={error} trailing={max} />
      <p className="amount-max__available muted">
        <Trans>Available: {available === null ? PLACEHOLDER : formatCoin(available)} {currency}</Trans>
      </p>
    </div>
  )
}
