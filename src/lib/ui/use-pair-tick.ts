import { useEffect } from 'react'
import { marketTopics, type DetailsAnswer, type Tick } from '../../contract/market.ts'
import { applyPairTickAtom, pairTickAtom } from '../pair-tick'
import { useAtomValue, useSetAtom } from '../store'
import { subscribeMarket } from '../sw-bridge'

/**
 * The pair's rolling 24 h (last price, open for the change) on the shared 5 s poll — the same
 * topic as the chart screen's header, so one fetch serves every screen and row that shows it.
 */
export function usePairTick(symbol: string): Tick | null {
  const apply = useSetAtom(applyPairTickAtom)
  useEffect(() => subscribeMarket(marketTopics.details(symbol), (answer) => {
    const tick = (answer as Partial<DetailsAnswer> | null)?.tick
    if (tick) apply(symbol, tick)
  }), [symbol, apply])
  return useAtomValue(pairTickAtom(symbol))
}
