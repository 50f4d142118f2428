import { useEffect, useState } from 'react'
import { marketTopics, type Candle, type DetailsAnswer, type KlineAnswer, type Tick } from '../../../contract/market.ts'
import { subscribeMarket } from '../../../lib/sw-bridge'
import { fetchRecentCandles, SPARK_SIZE } from '../api'
import { mergeSpark } from '../spark'

/** The pair's rolling 24 h (price, open for the change) on the shared 5 s poll. */
export function usePairTick(symbol: string): Tick | null {
  const [live, setLive] = useState<{ symbol: string; tick: Tick } | null>(null)
  useEffect(() => subscribeMarket(marketTopics.details(symbol), (answer) => {
    const tick = (answer as Partial<DetailsAnswer> | null)?.tick
    if (tick) setLive({ symbol, tick })
  }), [symbol])
  // Another pair's price must never show under this pair's name, even for one frame.
  return live?.symbol === symbol ? live.tick : null
}

/**
 * The last hour of 1-minute candles: loaded once, then the newest two merged on every tick
 * (the same topic as the chart screen's, so the poll fetches it once for both).
 */
export function useSparkCandles(symbol: string): Candle[] {
  const [spark, setSpark] = useState<{ symbol: string; candles: Candle[] }>({ symbol, candles: [] })
  useEffect(() => {
    let current = true
    const merge = (candles: Candle[] | undefined) => candles && current &&
      setSpark((prev) => ({ symbol, candles: mergeSpark(prev.symbol === symbol ? prev.candles : [], candles, SPARK_SIZE) }))
    fetchRecentCandles(symbol).then((answer) => merge(answer.data), () => undefined)
    const release = subscribeMarket(marketTopics.klineTail(symbol, '1min'), (answer) => merge((answer as Partial<KlineAnswer> | null)?.data))
    return () => {
      current = false
      release()
    }
  }, [symbol])
  return spark.symbol === symbol ? spark.candles : []
}
