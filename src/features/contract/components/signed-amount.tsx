import { tryDec } from '../../../lib/decimal'
import { formatBalance, formatPercent, PLACEHOLDER } from '../../../lib/format'
import { signTrend } from '../logic'

/** A signed figure coloured by its sign (green gains, red losses): an amount of USDT (contracts settle in it), or a percent (an ROE). */
export function SignedAmount({ value, percent = false }: { value: string | null; percent?: boolean }) {
  const trend = signTrend(tryDec(value))
  const text = value === null ? PLACEHOLDER : percent ? formatPercent(value) : `${trend === 'up' ? '+' : ''}${formatBalance(value, 'USDT')}`
  return <span className={`trend--${trend}`} data-trend={trend}>{text}</span>
}
