import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { CHAINS, type Currency } from '../../../contract/assets.ts'

interface ChainChoiceProps {
  currency: Currency
  value: string
  onChange: (chain: string) => void
  /** Editing a saved address: its chain is part of what was saved and cannot change. */
  disabled?: boolean
}

/** The network (spec §3: USDT on TRC20 or ERC20). Radios, so the choice reads as one of a set. */
export function ChainChoice({ currency, value, onChange, disabled = false }: ChainChoiceProps) {
  const name = useId()
  return (
    <fieldset className="chain-choice" disabled={disabled}>
      <legend className="field__label"><Trans>Chain</Trans></legend>
      <div className="chain-choice__options">
        {CHAINS[currency].map((chain) => (
          <label key={chain} className="chain-choice__option">
            <input type="radio" name={name} value={chain} checked={chain === value} onChange={() => onChange(chain)} />
            <span>{chain}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
