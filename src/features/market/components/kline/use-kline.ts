import { useCallback, useEffect, useState } from 'react'
import { marketTopics, type KlineAnswer, type KlinePeriod } from '../../../../contract/market.ts'
import { useAtomValue, useSetAtom } from '../../../../lib/store'
import { fetchKline } from '../../api'
import { applyCandlesAtom, klineAtom } from '../../atoms'
import { useMarketTopic } from '../../use-market-topic'

type Status = 'loading' | 'ready' | 'error'

/**
 * The candles of a pair and period: the 2000 loaded once when the pair or period is opened, then
 * kept live by the 5 s tick, which fetches only the newest few and merges them. The tick starts
 * after the full load, so its two candles never stand in for the history; candles kept from an
 * earlier visit show at once while the full load refreshes them.
 */
export function useKline(symbol: string, period: KlinePeriod) {
  const candles = useAtomValue(klineAtom(symbol, period))
  const apply = useSetAtom(applyCandlesAtom)
  const [attempt, setAttempt] = useState(0)
  // Each load has its own id: a status of the previous pair, period or attempt never counts.
  const loadId = `${symbol}:${period}:${attempt}`
  const [load, setLoad] = useState<{ id: string; status: Status } | null>(null)

  useEffect(() => {
    const abort = new AbortController()
    fetchKline(symbol, period, { signal: abort.signal }).then(
      (answer) => {
        apply(symbol, period, answer.data, true)
        setLoad({ id: loadId, status: 'ready' })
      },
      () => {
        if (!abort.signal.aborted) setLoad({ id: loadId, status: 'error' })
      },
    )
    return () => abort.abort()
  }, [apply, loadId, symbol, period])

  const status: Status = load?.id === loadId ? load.status : 'loading'
  useMarketTopic(status === 'ready' ? marketTopics.klineTail(symbol, period) : null, (answer) =>
    apply(symbol, period, (answer as KlineAnswer).data, false),
  )
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { candles, status, retry }
}
