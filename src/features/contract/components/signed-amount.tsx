import { tryDec } from '../../../lib/decimal'
import { coinText, formatPercent, PLACEHOLDER } from '../../../lib/format'
import { signTrend } from '../logic'

/** A signed figure coloured by its sign (green gains, red losses): an amount, or a percent (an ROE). */
export function SignedAmount({ value, percent = false }: { value: string | null; percent?: boolean }) {
  const trend = signTrend(tryDec(value))
  const text = value === null ? PLACEHOLDER : percent ? formatPercent(value) : `${trend === 'up' ? '+' : ''}${coinText(value)}`
  return <span className={`trend--${trend}`} data-trend={trend}>{text}</span>
}
