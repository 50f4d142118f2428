import { useLingui } from '@lingui/react/macro'
import { coinText } from '../../../lib/format'
import { progressFill, progressPercent } from '../logic'

/** Subscribed over for sale (spec §2): the bar, the percentage and both quantities. */
export function ProgressBar({ subscribed, forSale, symbol }: { subscribed: string; forSale: string; symbol: string }) {
  const { t } = useLingui()
  const percent = progressPercent(subscribed, forSale)
  return (
    <div className="launch-progress">
      <div className="launch-progress__track" role="progressbar" aria-label={t`Subscribed`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progressFill(subscribed, forSale)}
        aria-valuetext={`${percent}%`}>
        <div className="launch-progress__fill" style={{ width: `${progressFill(subscribed, forSale)}%` }} />
      </div>
      <p className="launch-progress__text muted">
        <span>{percent}%</span>
        <span>{coinText(subscribed)} / {coinText(forSale)} {symbol}</span>
      </p>
    </div>
  )
}
