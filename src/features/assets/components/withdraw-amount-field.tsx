import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { WithdrawConfig } from '../../../contract/assets.ts'
import { PLACEHOLDER } from '../../../lib/format'
import { TextField } from '../../../lib/ui/text-field'
import { formatCoin, maxWithdrawal, receiveAmount } from '../logic'
import { MaxButton } from '../../../lib/ui/max-button'

interface WithdrawAmountFieldProps {
  config: WithdrawConfig
  available: string | null
  value: string
  onValueChange: (value: string) => void
  error?: MessageDescriptor | null
}

/** The amount with Max, the balance it draws on, the limits, and what the fee leaves to arrive. */
export function WithdrawAmountField({ config, available, value, onValueChange, error }: WithdrawAmountFieldProps) {
  const { t } = useLingui()
  const { currency, fee, min, max } = config
  const receive = value === '' ? null : receiveAmount(value, fee)
  const fillMax = () => available !== null && onValueChange(maxWithdrawal(available, max))
  const maxButton = (
    <MaxButton description={t`Fill in the maximum amount`} disabled={available === null} onClick={fillMax} />
  )
  return (
    <>
      <TextField label={<Trans>Amount ({currency})</Trans>} value={value} onValueChange={onValueChange}
        inputMode="decimal" autoComplete="off" error={error} trailing={maxButton}
        placeholder={t`Minimum ${formatCoin(min)}`} />
      <dl className="figures">
        <div><dt><Trans>Available</Trans></dt><dd>{available === null ? PLACEHOLDER : `${formatCoin(available)} ${currency}`}</dd></div>
        <div><dt><Trans>Single withdrawal</Trans></dt><dd>{formatCoin(min)} – {formatCoin(max)} {currency}</dd></div>
        <div><dt><Trans>Fee</Trans></dt><dd>{formatCoin(fee)} {currency}</dd></div>
        <div className="figures__total">
          <dt><Trans>You will receive</Trans></dt>
          <dd>{receive === null ? PLACEHOLDER : `${formatCoin(receive)} ${currency}`}</dd>
        </div>
      </dl>
    </>
  )
}
