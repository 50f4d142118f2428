import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { CURRENCIES, type Currency } from '../../../contract/assets.ts'
import { CoinIcon } from '../../../lib/ui/coin-icon'

interface CurrencySelectProps {
  label: ReactNode
  value: Currency
  onChange: (currency: Currency) => void
  error?: MessageDescriptor | null
  /** The coins offered, CURRENCIES by default (a transfer offers those its two accounts allow). */
  options?: readonly Currency[]
}

/** A native select: the phone's own picker, reachable by label for screen readers and tests. */
export function CurrencySelect({ label, value, onChange, error, options = CURRENCIES }: CurrencySelectProps) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">{label}</label>
      <div className={error ? 'field__box field__box--invalid' : 'field__box'}>
        {/* An option cannot hold a picture: the chosen coin's mark stands beside the select. */}
        <CoinIcon symbol={value} />
        <select id={id} className="field__input field__select" value={value} aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(options.find((currency) => currency === event.target.value) ?? value)}>
          {options.map((currency) => <option key={currency} value={currency}>{currency}</option>)}
        </select>
      </div>
      {error && <p className="field__error" role="alert">{i18n._(error)}</p>}
    </div>
  )
}
