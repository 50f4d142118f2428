import { useLingui } from '@lingui/react/macro'
import { BALANCE_SHARES } from '../logic'

interface ShareChoiceProps {
  /** Off while the balance is not known (a visitor, or still loading). */
  disabled: boolean
  onChoose: (share: string) => void
}

/** 25 / 50 / 75 / 100 % of the available balance. */
export function ShareChoice({ disabled, onChoose }: ShareChoiceProps) {
  const { t } = useLingui()
  return (
    <div className="spot-shares" role="group" aria-label={t`Share of the available balance`}>
      {BALANCE_SHARES.map(({ share, percent }) => (
        <button key={share} type="button" className="spot-share" disabled={disabled} onClick={() => onChoose(share)}
          aria-label={t`Use ${percent}% of the available balance`}>
          {percent}%
        </button>
      ))}
    </div>
  )
}
