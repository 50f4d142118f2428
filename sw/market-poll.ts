// The 5 s market poll (spec §4's refresh tick), written to run unchanged in the service worker
// (issue: offline-first data layer) and in the page when no worker controls it: it is given its
// fetcher, its result sink and its timers, and touches no DOM, storage or React.
import type { MarketTopic } from '../src/contract/market.ts'
import { MARKET_POLL_MS } from '../src/contract/market.ts'

export interface MarketPollOptions {
  fetcher: (topic: MarketTopic) => Promise<unknown>
  onResult: (key: string, answer: unknown) => void
  onError?: (key: string, error: unknown) => void
  intervalMs?: number
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout }
}

export interface MarketPoll {
  /** Adds interest in a topic; a topic new to the poll is fetched at once. Returns the release. */
  subscribe(topic: MarketTopic): () => void
  start(): void
  stop(): void
  /** One round over every subscribed topic (the tick); resolves when all have answered. */
  pollNow(): Promise<void>
  readonly running: boolean
}

export function createMarketPoll(options: MarketPollOptions): MarketPoll {
  const { fetcher, onResult, onError, intervalMs = MARKET_POLL_MS } = options
  // Bound: a browser's setTimeout called as a method of another object throws "Illegal invocation",
  // which stopped every tick after the first.
  const timers = options.timers ?? { setTimeout: globalThis.setTimeout.bind(globalThis), clearTimeout: globalThis.clearTimeout.bind(globalThis) }
  const topics = new Map<string, { topic: MarketTopic; refs: number }>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let running = false
  // Each start() begins a new chain of ticks; a round still in flight from before a stop() must
  // not schedule into the new chain, or two chains would poll at once.
  let generation = 0

  const fetchOne = async (topic: MarketTopic) => {
    try {
      onResult(topic.key, await fetcher(topic))
    } catch (error) {
      onError?.(topic.key, error)
    }
  }

  // The next tick is scheduled when this one has finished, so a slow network never stacks rounds.
  const scheduleFor = (chain: number) => () => {
    if (!running || chain !== generation) return
    timer = timers.setTimeout(() => void poll.pollNow().finally(scheduleFor(chain)), intervalMs)
  }

  const poll: MarketPoll = {
    get running() {
      return running
    },
    subscribe(topic) {
      const entry = topics.get(topic.key)
      if (entry) entry.refs++
      else {
        topics.set(topic.key, { topic, refs: 1 })
        if (running) void fetchOne(topic)
      }
      let released = false
      return () => {
        const current = topics.get(topic.key)
        if (released || !current) return
        released = true
        if (--current.refs === 0) topics.delete(topic.key)
      }
    },
    start() {
      if (running) return
      running = true
      void poll.pollNow().finally(scheduleFor(++generation))
    },
    stop() {
      running = false
      if (timer !== undefined) timers.clearTimeout(timer)
      timer = undefined
    },
    async pollNow() {
      await Promise.all([...topics.values()].map(({ topic }) => fetchOne(topic)))
    },
  }
  return poll
}
