import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { ORDER_TYPES, type OrderType } from '../../../contract/spot.ts'
import { TYPE_LABELS } from './labels'

const TYPES = [ORDER_TYPES.limit, ORDER_TYPES.market, ORDER_TYPES.stopLimit] as const

/** Limit | Market | Stop-limit, as radio buttons (arrow keys move between them). */
export function TypeChoice({ value, onChange }: { value: OrderType; onChange: (type: OrderType) => void }) {
  const { i18n } = useLingui()
  const name = useId()
  return (
    <fieldset className="spot-types">
      <legend className="sr-only"><Trans>Order type</Trans></legend>
      {TYPES.map((type) => (
        <label key={type} className="spot-type">
          <input type="radio" name={name} checked={value === type} onChange={() => onChange(type)} />
          <span className="spot-type__box">{i18n._(TYPE_LABELS[type])}</span>
        </label>
      ))}
    </fieldset>
  )
}
