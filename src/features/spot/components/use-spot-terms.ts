import { PRICE_BAND } from '../../../contract/spot.ts'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchSpotConfig } from '../api'
import type { MarketTerms } from '../logic'

/**
 * The terms the form checks and estimates with: the fee rates and price band of the spot config
 * (public, loaded again whenever the screen shows again) and the pair's last price. Null until the
 * config has loaded: a fee shown before it would be a guess.
 */
export function useSpotTerms(lastPrice: string | null) {
  const config = useRequest('spot-config', fetchSpotConfig)
  const loaded = config.state.status === 'ready' ? config.state.data : null
  const terms: MarketTerms | null = loaded && {
    lastPrice,
    priceBand: loaded.priceBand || PRICE_BAND,
    makerFeeRate: loaded.makerFeeRate,
    takerFeeRate: loaded.takerFeeRate,
  }
  return { terms, failed: config.state.status === 'error', retry: config.reload }
}
