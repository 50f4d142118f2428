import { useLingui } from '@lingui/react/macro'
import { KLINE_PERIODS, type KlinePeriod } from '../../../../contract/market.ts'

interface PeriodTabsProps {
  period: KlinePeriod
  onChange: (period: KlinePeriod) => void
}

/** Spec §4: 1, 5, 15, 30 minutes and 1 day. */
export function PeriodTabs({ period, onChange }: PeriodTabsProps) {
  const { t } = useLingui()
  const labels: Record<KlinePeriod, string> = {
    '1min': t`1 min`,
    '5min': t`5 min`,
    '15min': t`15 min`,
    '30min': t`30 min`,
    '1day': t`1 day`,
  }
  return (
    <div className="kline-periods" role="tablist" aria-label={t`Chart period`}>
      {KLINE_PERIODS.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          className="kline-periods__tab"
          aria-selected={value === period}
          onClick={() => onChange(value)}
        >
          {labels[value]}
        </button>
      ))}
    </div>
  )
}
