import { tryDec } from '../../../lib/decimal'
import { formatBalance, formatPercent, PLACEHOLDER } from '../../../lib/format'
import { signTrend } from '../logic'

/**
 * A signed figure coloured by its sign (green gains, red losses): an amount of USDT (contracts
 * settle in it), or a percent (an ROE). `unit`: the coin a screen reader hears after the amount
 * where the screen shows it elsewhere (a column heading), so "+6.02" is read "+6.02 USDT".
 */
export function SignedAmount({ value, percent = false, unit }: { value: string | null; percent?: boolean; unit?: string }) {
  const trend = signTrend(tryDec(value))
  const text = value === null ? PLACEHOLDER : percent ? formatPercent(value) : `${trend === 'up' ? '+' : ''}${formatBalance(value, 'USDT')}`
  return (
    <span className={`trend--${trend}`} data-trend={trend}>
      {text}{unit && value !== null && <span className="sr-only"> {unit}</span>}
    </span>
  )
}
