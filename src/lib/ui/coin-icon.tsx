import './coin-icon.css'
import { coinColour, coinInitial } from '../../contract/coin-mark.ts'

/**
 * A coin's mark drawn inline (src/contract/coin-mark.ts): a disc of the coin's colour with its
 * initial, no image to fetch, offline or not. Decorative: the symbol is always written beside it,
 * so screen readers skip it, and the initial is drawn by CSS (coin-icon.css, from data-initial) so
 * it is no part of the row's text either — copying "BTC" never copies "BBTC".
 */
export function CoinIcon({ symbol, size = 20 }: { symbol: string; size?: number }) {
  return (
    <span className="coin-icon" aria-hidden="true" data-coin={symbol} data-initial={coinInitial(symbol)}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.55), backgroundColor: coinColour(symbol) }} />
  )
}
