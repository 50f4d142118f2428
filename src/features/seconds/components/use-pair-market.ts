import { useEffect, useState } from 'react'
import { marketTopics, type Candle, type KlineAnswer } from '../../../contract/market.ts'
import { subscribeMarket } from '../../../lib/sw-bridge'
import { fetchRecentCandles, SPARK_SIZE } from '../api'
import { mergeSpark } from '../spark'

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
