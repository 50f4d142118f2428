import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** Buy and Sell, fixed at the bottom, open spot trading on this pair with that side chosen. */
export function TradeBar({ symbol, base, quote }: { symbol: string; base: string; quote: string }) {
  const { t } = useLingui()
  return (
    <nav className="kline-trade-bar" aria-label={t`Trade ${base}/${quote}`}>
      <Link to="/action/trade" search={{ symbol, base, quote, side: 'buy' }} className="button kline-trade-bar__buy"><Trans>Buy</Trans></Link>
      <Link to="/action/trade" search={{ symbol, base, quote, side: 'sell' }} className="button kline-trade-bar__sell"><Trans context="spot order side">Sell</Trans></Link>
    </nav>
  )
}
