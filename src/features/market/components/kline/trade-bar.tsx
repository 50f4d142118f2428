import { Trans, useLingui } from '@lingui/react/macro'
import { Link, type LinkProps } from '@tanstack/react-router'

// /action/trade arrives with a later issue; until then the router answers "not found" there.
const SPOT_TRADE = '/action/trade' as LinkProps['to']

/** Buy and Sell, fixed at the bottom, open spot trading on this pair. */
export function TradeBar({ symbol, base, quote }: { symbol: string; base: string; quote: string }) {
  const { t } = useLingui()
  const search = (side: 'buy' | 'sell') => ({ symbol, base, quote, side }) as never
  return (
    <nav className="kline-trade-bar" aria-label={t`Trade ${base}/${quote}`}>
      <Link to={SPOT_TRADE} search={search('buy')} className="button kline-trade-bar__buy"><Trans>Buy</Trans></Link>
      <Link to={SPOT_TRADE} search={search('sell')} className="button kline-trade-bar__sell"><Trans>Sell</Trans></Link>
    </nav>
  )
}
