import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { MARKET_POLL_MS, marketTopics } from '../../src/contract/market.ts'
import { createMarketPoll } from '../../sw/market-poll.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function setup() {
  const fetched: string[] = []
  const results: [string, unknown][] = []
  const poll = createMarketPoll({
    fetcher: async (topic) => {
      fetched.push(topic.key)
      if (topic.key.startsWith('trades')) throw new Error('offline')
      return { status: 'ok', key: topic.key }
    },
    onResult: (key, answer) => results.push([key, answer]),
  })
  return { poll, fetched, results }
}

it('fetches every subscribed topic once per tick, shared by all subscribers', async () => {
  const { poll, fetched } = setup()
  const usdt = marketTopics.detailsByQuote('USDT')
  const releaseA = poll.subscribe(usdt)
  poll.subscribe(usdt)
  poll.subscribe(marketTopics.depth('btcusdt'))
  poll.start()
  await vi.advanceTimersByTimeAsync(0)
  expect(fetched.toSorted()).toEqual(['depth:btcusdt', 'detailsByQuote:USDT'])

  await vi.advanceTimersByTimeAsync(MARKET_POLL_MS)
  expect(fetched).toHaveLength(4)
  releaseA()
  releaseA() // releasing twice must not drop the other subscriber's interest
  await vi.advanceTimersByTimeAsync(MARKET_POLL_MS)
  expect(fetched.filter((k) => k === 'detailsByQuote:USDT')).toHaveLength(3)
  poll.stop()
})

it('fetches a new topic at once, drops released ones, and stops ticking when stopped', async () => {
  const { poll, fetched, results } = setup()
  poll.start()
  const release = poll.subscribe(marketTopics.trades('ethusdt'))
  await vi.advanceTimersByTimeAsync(0)
  expect(fetched).toEqual(['trades:ethusdt'])
  expect(results).toEqual([]) // a failed fetch reports nothing as a result
  release()
  await vi.advanceTimersByTimeAsync(MARKET_POLL_MS * 3)
  expect(fetched).toEqual(['trades:ethusdt'])

  poll.subscribe(marketTopics.details('btcusdt'))
  await vi.advanceTimersByTimeAsync(0)
  poll.stop()
  const count = fetched.length
  await vi.advanceTimersByTimeAsync(MARKET_POLL_MS * 3)
  expect(fetched).toHaveLength(count)
})

it('a stop and start while a round is in flight leaves a single chain of ticks', async () => {
  const { poll, fetched } = setup()
  poll.subscribe(marketTopics.details('btcusdt'))
  poll.start()
  poll.stop()
  poll.start()
  await vi.advanceTimersByTimeAsync(0)
  const afterStart = fetched.length
  await vi.advanceTimersByTimeAsync(MARKET_POLL_MS)
  expect(fetched.length - afterStart).toBe(1)
  poll.stop()
})
