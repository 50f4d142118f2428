import { useEffect } from 'react'
import { marketTopics, type DetailsAnswer, type Tick } from '../../../contract/market.ts'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { subscribeMarket } from '../../../lib/sw-bridge'
import { applyPairTickAtom, pairTickAtom } from '../atoms'

/**
 * The pair's rolling 24 h (last price, open for the change) on the shared 5 s poll — the same
 * topic as the chart screen's header, so one fetch serves both. Kept per symbol, so another
 * pair's price never shows under this pair's name.
 */
export function usePairTick(symbol: string): Tick | null {
  const apply = useSetAtom(applyPairTickAtom)
  useEffect(() => subscribeMarket(marketTopics.details(symbol), (answer) => {
    const tick = (answer as Partial<DetailsAnswer> | null)?.tick
    if (tick) apply(symbol, tick)
  }), [symbol, apply])
  return useAtomValue(pairTickAtom(symbol))
}
