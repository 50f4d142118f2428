import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { formatBalance, formatPrice, PLACEHOLDER } from '../../../lib/format'
import type { OpenEstimate } from '../logic'
import { type BigNumber, plainDecimal } from '../../../lib/decimal'

interface OpenFiguresProps {
  /** The contract account's available USDT: null for a visitor or while it loads. */
  available: string | null
  loggedIn: boolean
  quote: string
  pricePrecision: number
  estimate: OpenEstimate | null
}

/**
 * Under the fields: the margin the account has (with the way to move more in, spec §2 transfer
 * into the contract account), and what this opening holds, costs and where it would be liquidated.
 */
export function OpenFigures({ available, loggedIn, quote, pricePrecision, estimate }: OpenFiguresProps) {
  const money = (value: BigNumber | undefined) => (value ? `${formatBalance(plainDecimal(value), quote)} ${quote}` : PLACEHOLDER)
  const liquidation = estimate ? (estimate.liquidationPrice ? formatPrice(plainDecimal(estimate.liquidationPrice), pricePrecision) : <Trans>None</Trans>) : PLACEHOLDER
  return (
    <dl className="contract-figures">
      <div>
        <dt><Trans>Available margin</Trans></dt>
        <dd>
          {available === null ? PLACEHOLDER : `${formatBalance(available, quote)} ${quote}`}
          {loggedIn && <Link to="/assert/transfer/$type" params={{ type: '1' }} search={{ currency: quote }} className="contract-figures__link"><Trans>Transfer in</Trans></Link>}
        </dd>
      </div>
      <div><dt><Trans>Margin required</Trans></dt><dd>{money(estimate?.margin)}</dd></div>
      <div><dt><Trans>Open fee</Trans></dt><dd>{money(estimate?.fee)}</dd></div>
      <div><dt><Trans>Est. liquidation price</Trans></dt><dd>{liquidation}</dd></div>
    </dl>
  )
}
