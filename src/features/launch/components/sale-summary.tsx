import { Trans } from '@lingui/react/macro'
import type { LaunchSaleQuote } from '../../../contract/launch.ts'
import { coinText, PLACEHOLDER } from '../../../lib/format'

export interface SaleRequest {
  id: string
  symbol: string
  quantity: string
  /** The contract's saleQuote of it (the server posts exactly these figures); null when it cannot be worked out. */
  quote: LaunchSaleQuote | null
  tradePassword: string
}

const usdt = (value: string | undefined) => (value === undefined ? PLACEHOLDER : `${coinText(value)} USDT`)

/** Spec §1: what a sale gives before it is confirmed — gross, the fee split into burn and stakers, net. */
export function SaleSummary({ request }: { request: SaleRequest }) {
  const quote = request.quote ?? undefined
  return (
    <dl className="launch-figures">
      <div><dt><Trans>Quantity</Trans></dt><dd>{coinText(request.quantity)} {request.symbol}</dd></div>
      <div><dt><Trans>Gross</Trans></dt><dd>{usdt(quote?.gross)}</dd></div>
      <div><dt><Trans>Fee</Trans></dt><dd>{usdt(quote?.fee)}</dd></div>
      <div className="launch-figures__sub"><dt><Trans>of which burned</Trans></dt><dd>{usdt(quote?.burn)}</dd></div>
      <div className="launch-figures__sub"><dt><Trans>of which to stakers</Trans></dt><dd>{usdt(quote?.stakers)}</dd></div>
      <div className="launch-figures__total"><dt><Trans>You receive</Trans></dt><dd>{usdt(quote?.net)}</dd></div>
    </dl>
  )
}
