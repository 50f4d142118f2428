// The page's end of live market data (DESIGN.md §1): screens say which topics they need and get
// each answer as it arrives. Until a service worker runs the shared poll (offline-first issue),
// the page runs the very same poll module itself; either way screens only see subscribe().
// The poll runs while the page is visible and pauses while it is hidden.
import type { MarketTopic } from '../contract/market.ts'
import { createMarketPoll } from '../../sw/market-poll.ts'
import { postMarket } from './api-client'

type Listener = (answer: unknown) => void
const listeners = new Map<string, Set<Listener>>()
const errorListeners = new Map<string, Set<(error: unknown) => void>>()

const poll = createMarketPoll({
  fetcher: (topic) => postMarket(topic.path, topic.body),
  onResult: (key, answer) => listeners.get(key)?.forEach((listener) => listener(answer)),
  onError: (key, error) => errorListeners.get(key)?.forEach((listener) => listener(error)),
})

function add<T>(map: Map<string, Set<T>>, key: string, value: T): () => void {
  const set = map.get(key) ?? new Set<T>()
  map.set(key, set)
  set.add(value)
  return () => {
    set.delete(value)
    if (set.size === 0) map.delete(key)
  }
}

function followVisibility(): void {
  if (typeof document === 'undefined') return poll.start()
  const apply = () => (document.visibilityState === 'visible' ? poll.start() : poll.stop())
  document.addEventListener('visibilitychange', apply)
  apply()
}
let following = false

/** Live answers of one topic (first at once, then every tick) until the returned release is called. */
export function subscribeMarket(topic: MarketTopic, onAnswer: Listener, onError?: (error: unknown) => void): () => void {
  if (!following) {
    following = true
    followVisibility()
  }
  const releases = [add(listeners, topic.key, onAnswer), poll.subscribe(topic)]
  if (onError) releases.push(add(errorListeners, topic.key, onError))
  return () => releases.forEach((release) => release())
}
