import { useState } from 'react'
import type { MarketTopic } from '../../../../contract/market.ts'
import { useMarketTopic } from '../../use-market-topic'

/**
 * A polled topic whose answers go to `onAnswer` (an atom setter), and whether the last poll
 * failed: a card that never got data says so instead of loading forever; the poll keeps retrying.
 */
export function useLiveTopic(topic: MarketTopic, onAnswer: (answer: unknown) => void): boolean {
  const [failed, setFailed] = useState(false)
  useMarketTopic(
    topic,
    (answer) => {
      setFailed(false)
      onAnswer(answer)
    },
    () => setFailed(true),
  )
  return failed
}
