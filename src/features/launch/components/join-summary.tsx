import { Trans } from '@lingui/react/macro'
import { coinText } from '../../../lib/format'

export interface JoinRequest {
  projectId: string
  symbol: string
  quantity: string
  cost: string
  tradePassword: string
}

/** What the confirmation shows before USDT is frozen: the quantity and what it costs. */
export function JoinSummary({ request }: { request: JoinRequest }) {
  return (
    <>
      <dl className="launch-figures">
        <div><dt><Trans>Quantity</Trans></dt><dd>{coinText(request.quantity)} {request.symbol}</dd></div>
        <div><dt><Trans>Cost</Trans></dt><dd>{coinText(request.cost)} USDT</dd></div>
      </dl>
      {/* After the list, not in it: a <dl> holds only terms and values. */}
      <p className="muted launch-note">
        <Trans>The cost is frozen from your spot account now. When joining closes, what is not allocated to you is unfrozen.</Trans>
      </p>
    </>
  )
}
