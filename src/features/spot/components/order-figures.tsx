import { Trans } from '@lingui/react/macro'
import { formatBalance, PLACEHOLDER } from '../../../lib/format'
import type { OrderEstimate } from '../logic'

interface OrderFiguresProps {
  available: string | null
  /** The currency the order spends from (quote for a buy, base for a sell). */
  spent: string
  quote: string
  estimate: OrderEstimate | null
}

/** Under the fields: what the account holds of the spent coin, and the order's total and fee. */
export function OrderFigures({ available, spent, quote, estimate }: OrderFiguresProps) {
  const total = estimate?.total ? `${formatBalance(estimate.total, quote)} ${quote}` : PLACEHOLDER
  const fee = estimate?.fee ? `${formatBalance(estimate.fee, quote)} ${quote}` : PLACEHOLDER
  return (
    <dl className="spot-figures">
      <div><dt><Trans>Available</Trans></dt><dd>{available === null ? PLACEHOLDER : `${formatBalance(available, spent)} ${spent}`}</dd></div>
      <div><dt><Trans>Total</Trans></dt><dd>{total}</dd></div>
      <div><dt><Trans>Est. fee</Trans></dt><dd>{fee}</dd></div>
    </dl>
  )
}
