import { useEffect } from 'react'
import type { MarketTopic } from '../../contract/market.ts'
import { subscribeMarket } from '../../lib/sw-bridge'

/**
 * Keeps a topic polled while the calling screen is mounted. `onAnswer`/`onError` should write
 * atoms (stable setters); the topic is compared by key, so a new object for the same data does not
 * resubscribe.
 */
export function useMarketTopic(topic: MarketTopic | null, onAnswer: (answer: unknown) => void, onError?: (error: unknown) => void) {
  const key = topic?.key
  useEffect(() => {
    if (!topic) return
    return subscribeMarket(topic, onAnswer, onError)
    // The key identifies the topic; handlers are atom setters and stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
}
