import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { TextField } from '../../../lib/ui/text-field'
import type { StopField } from '../logic'

interface StopFieldsProps {
  quote: string
  values: Record<StopField, string>
  errorOf: (field: StopField) => MessageDescriptor | null
  onChange: (field: StopField, value: string) => void
}

/** Optional stop loss and take profit, side by side: empty means none. */
export function StopFields({ quote, values, errorOf, onChange }: StopFieldsProps) {
  const { t } = useLingui()
  const decimal = { inputMode: 'decimal', autoComplete: 'off', placeholder: t`Optional` } as const
  return (
    <div className="contract-stops">
      <TextField label={<Trans>Stop loss ({quote})</Trans>} value={values.stopLoss} error={errorOf('stopLoss')} {...decimal}
        onValueChange={(value) => onChange('stopLoss', value)} />
      <TextField label={<Trans>Take profit ({quote})</Trans>} value={values.takeProfit} error={errorOf('takeProfit')} {...decimal}
        onValueChange={(value) => onChange('takeProfit', value)} />
    </div>
  )
}
