// The worker's end of the shared 5 s market poll (architecture §1, §5): one createMarketPoll for all
// tabs, since a scope has one worker. Visible pages post the topics they want (and repeat it as a
// heartbeat, which also keeps the worker awake); the poll runs while at least one page is visible,
// answers go out on MARKET_CHANNEL to every tab; the fetch given (sw/api-cache's read-through) stores
// them for offline starts.
/* oxlint-disable unicorn/require-post-message-target-origin -- BroadcastChannel, Client and ServiceWorker postMessage take no target origin (same origin by definition) */
import type { MarketTopic } from '../src/contract/market.ts'
import type { MarketResultMessage, PollVisibleMessage } from '../src/contract/sw-messages.ts'
import { hasType, MARKET_CHANNEL, POLL_HEARTBEAT_MS, POLL_MESSAGE } from '../src/contract/sw-messages.ts'
import { createMarketPoll } from './market-poll.ts'

export interface PollHostOptions {
  /** Stores an answer (sw/api-cache's store), so a cold start offline paints the last prices. */
  fetch?: typeof fetch
  now?: () => number
}

/** The page's api client's timeout (spec §9). */
const POLL_MARKET_TIMEOUT_MS = 12_000

interface ClientLike {
  id: string
  postMessage(message: unknown): void
}
interface PollScope {
  addEventListener(type: string, listener: (event: Event) => void): void
}
interface PageState {
  lastSeen: number
  releases: Map<string, () => void>
}

/** A market read as the page's api client does it: form-encoded POST, success is `status: 'ok'`. */
export async function fetchMarketTopic(topic: MarketTopic, doFetch: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<unknown> {
  const response = await doFetch(topic.path, { method: 'POST', body: formOf(topic), signal: AbortSignal.timeout(POLL_MARKET_TIMEOUT_MS) })
  const answer = (await response.json().catch(() => null)) as { status?: unknown } | null
  if (response.status !== 200 || answer?.status !== 'ok') throw new Error('error')
  return answer
}

function formOf(topic: MarketTopic): URLSearchParams {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(topic.body)) if (value !== '') form.set(name, String(value))
  return form
}

export function startPollHost(scope: PollScope, options: PollHostOptions = {}): void {
  const now = options.now ?? Date.now
  const channel = new BroadcastChannel(MARKET_CHANNEL)
  const topics = new Map<string, MarketTopic>()
  const lastAnswers = new Map<string, unknown>()
  const pages = new Map<string, PageState>()
  const broadcast = (message: MarketResultMessage) => channel.postMessage(message)

  const poll = createMarketPoll({
    fetcher: (topic) => {
      // A tab that vanished without saying so (crash, killed) stops counting after three beats.
      forgetSilentPages()
      return fetchMarketTopic(topic, options.fetch)
    },
    onResult: (key, answer) => {
      lastAnswers.set(key, answer)
      broadcast({ type: POLL_MESSAGE.result, key, answer })
    },
    onError: (key, error) => broadcast({ type: POLL_MESSAGE.result, key, error: error instanceof Error ? error.message : String(error) }),
  })

  function forget(id: string) {
    pages.get(id)?.releases.forEach((release) => release())
    pages.delete(id)
  }
  function forgetSilentPages() {
    for (const [id, page] of pages) if (now() - page.lastSeen > 3 * POLL_HEARTBEAT_MS) forget(id)
    if (pages.size === 0) poll.stop()
  }

  function visible(source: ClientLike, wanted: MarketTopic[]) {
    const page = pages.get(source.id) ?? { lastSeen: 0, releases: new Map<string, () => void>() }
    pages.set(source.id, page)
    page.lastSeen = now()
    const keys = new Set(wanted.map((topic) => topic.key))
    for (const [key, release] of page.releases) {
      if (!keys.has(key)) {
        release()
        page.releases.delete(key)
      }
    }
    source.postMessage({ type: POLL_MESSAGE.ack })
    for (const topic of wanted) {
      if (page.releases.has(topic.key)) continue
      topics.set(topic.key, topic)
      // Another tab already polls it: this page gets the last answer now rather than at the next tick.
      if (lastAnswers.has(topic.key) && poll.running) {
        source.postMessage({ type: POLL_MESSAGE.result, key: topic.key, answer: lastAnswers.get(topic.key) } satisfies MarketResultMessage)
      }
      page.releases.set(topic.key, poll.subscribe(topic))
    }
    forgetSilentPages()
    if (pages.size > 0) poll.start()
  }

  scope.addEventListener('message', (event) => {
    const message = event as MessageEvent & { source: ClientLike | null; waitUntil?(promise: Promise<unknown>): void }
    const data = message.data as unknown
    const source = message.source
    if (!source || typeof source.id !== 'string') return
    if (hasType(data, POLL_MESSAGE.visible)) {
      const { topics: wanted } = data as PollVisibleMessage
      // The beats themselves keep the worker alive (it is stopped after 30 s without events). No
      // waitUntil here: extending each beat past the next kept the worker forever busy, and a
      // waiting new version only takes over an idle one, so "Update" never completed.
      visible(source, Array.isArray(wanted) ? wanted : [])
    } else if (hasType(data, POLL_MESSAGE.hidden)) {
      forget(source.id)
      forgetSilentPages()
    }
  })
}
