import './share-choice.css'
import { useLingui } from '@lingui/react/macro'

/** 25 / 50 / 75 / 100 % of the available balance: the share as the forms' maths takes it, and as shown. */
export const BALANCE_SHARES = [
  { share: '0.25', percent: 25 },
  { share: '0.5', percent: 50 },
  { share: '0.75', percent: 75 },
  { share: '1', percent: 100 },
] as const

interface ShareChoiceProps {
  /** Off while the balance is not known (a visitor, or still loading). */
  disabled: boolean
  onChoose: (share: string) => void
}

/** 25 / 50 / 75 / 100 % of the available balance (spot orders, contract positions). */
export function ShareChoice({ disabled, onChoose }: ShareChoiceProps) {
  const { t } = useLingui()
  return (
    <div className="share-choice" role="group" aria-label={t`Share of the available balance`}>
      {BALANCE_SHARES.map(({ share, percent }) => (
        <button key={share} type="button" className="share-choice__button" disabled={disabled} onClick={() => onChoose(share)}
          aria-label={t`Use ${percent}% of the available balance`}>
          {percent}%
        </button>
      ))}
    </div>
  )
}
