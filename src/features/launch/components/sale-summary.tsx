import { Trans } from '@lingui/react/macro'
import { coinText, PLACEHOLDER } from '../../../lib/format'
import type { SaleFigures } from '../logic'

export interface SaleRequest {
  id: string
  symbol: string
  quantity: string
  figures: SaleFigures | null
}

const usdt = (value: string | undefined) => (value === undefined ? PLACEHOLDER : `${coinText(value)} USDT`)

/** Spec §1: what a sale gives before it is confirmed — gross, the fee split into burn and stakers, net. */
export function SaleSummary({ request }: { request: SaleRequest }) {
  const figures = request.figures
  return (
    <dl className="launch-figures">
      <div><dt><Trans>Quantity</Trans></dt><dd>{coinText(request.quantity)} {request.symbol}</dd></div>
      <div><dt><Trans>Gross</Trans></dt><dd>{usdt(figures?.gross)}</dd></div>
      <div><dt><Trans>Fee</Trans></dt><dd>{usdt(figures?.fee)}</dd></div>
      <div className="launch-figures__sub"><dt><Trans>of which burned</Trans></dt><dd>{usdt(figures?.burn)}</dd></div>
      <div className="launch-figures__sub"><dt><Trans>of which to stakers</Trans></dt><dd>{usdt(figures?.stakers)}</dd></div>
      <div className="launch-figures__total"><dt><Trans>You receive</Trans></dt><dd>{usdt(figures?.net)}</dd></div>
    </dl>
  )
}
