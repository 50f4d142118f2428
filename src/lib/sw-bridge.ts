// The page's end of live market data (architecture §1): screens say which topics they need and get
// each answer as it arrives, through subscribeMarket only. When a service worker controls the page,
// the worker runs one poll for every tab (sw/poll-host.ts): a visible page tells it its topics
// (again every heartbeat) and relays the answers of MARKET_CHANNEL; a hidden page tells it to stop
// counting it. Where no worker controls the page (first visit, tests), or the worker does not
// answer, the page runs the very same poll module itself, while visible.
import type { MarketTopic } from '../contract/market.ts'
import type { MarketResultMessage } from '../contract/sw-messages.ts'
import { hasType, MARKET_CHANNEL, POLL_HEARTBEAT_MS, POLL_MESSAGE } from '../contract/sw-messages.ts'
import { createMarketPoll, type MarketPoll } from '../../sw/market-poll.ts'
import { postMarket } from './api-client'

type Listener = (answer: unknown) => void
const listeners = new Map<string, Set<Listener>>()
const errorListeners = new Map<string, Set<(error: unknown) => void>>()
/** Every topic a screen of this page wants, with how many screens want it. */
const wanted = new Map<string, { topic: MarketTopic; refs: number }>()

const deliver = (key: string, answer: unknown) => listeners.get(key)?.forEach((listener) => listener(answer))
const deliverError = (key: string, error: unknown) => errorListeners.get(key)?.forEach((listener) => listener(error))

function add<T>(map: Map<string, Set<T>>, key: string, value: T): () => void {
  const set = map.get(key) ?? new Set<T>()
  map.set(key, set)
  set.add(value)
  return () => {
    set.delete(value)
    if (set.size === 0) map.delete(key)
  }
}

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible'
const serviceWorker = () => (typeof navigator === 'undefined' ? undefined : navigator.serviceWorker)
/** How long a controlled page waits for the worker's ack before it polls by itself. */
const ACK_TIMEOUT_MS = 3000

// ── The page's own poll (no worker) ──────────────────────────────────────────────────────────────
let local: MarketPoll | null = null
const localReleases = new Map<string, () => void>()

function startLocal() {
  local ??= createMarketPoll({
    fetcher: (topic) => postMarket(topic.path, topic.body),
    onResult: deliver,
    onError: deliverError,
  })
  for (const [key, { topic }] of wanted) if (!localReleases.has(key)) localReleases.set(key, local.subscribe(topic))
  if (isVisible()) local.start()
}
function stopLocal() {
  local?.stop()
  localReleases.forEach((release) => release())
  localReleases.clear()
}

// ── The worker's poll ────────────────────────────────────────────────────────────────────────────
let mode: 'local' | 'worker' = 'local'
let heartbeat: ReturnType<typeof setInterval> | undefined
let ackTimer: ReturnType<typeof setTimeout> | undefined
let announceQueued = false

function post(message: unknown) {
  serviceWorker()?.controller?.postMessage(message)
}
function announce() {
  if (mode !== 'worker') return
  if (!isVisible()) return post({ type: POLL_MESSAGE.hidden })
  post({ type: POLL_MESSAGE.visible, topics: [...wanted.values()].map(({ topic }) => topic) })
}
/** Many screens subscribe in one render: one message for all of them. */
function announceSoon() {
  if (announceQueued) return
  announceQueued = true
  queueMicrotask(() => {
    announceQueued = false
    announce()
  })
}
function followWorkerVisibility() {
  clearInterval(heartbeat)
  heartbeat = undefined
  if (mode !== 'worker') return
  announce()
  if (isVisible()) heartbeat = setInterval(announce, POLL_HEARTBEAT_MS)
}
function useWorker() {
  mode = 'worker'
  stopLocal()
  clearTimeout(ackTimer)
  // A worker that does not speak the poll (an old version still in control) never acks: poll here.
  ackTimer = setTimeout(useLocal, ACK_TIMEOUT_MS)
  followWorkerVisibility()
}
function useLocal() {
  if (mode === 'worker') post({ type: POLL_MESSAGE.hidden })
  mode = 'local'
  followWorkerVisibility()
  startLocal()
}

function onWorkerMessage(data: unknown) {
  if (hasType(data, POLL_MESSAGE.ack)) {
    clearTimeout(ackTimer)
    if (mode !== 'worker') useWorker()
    clearTimeout(ackTimer)
    return
  }
  if (mode !== 'worker' || !hasType(data, POLL_MESSAGE.result)) return
  const { key, answer, error } = data as MarketResultMessage
  if (!wanted.has(key)) return
  if (error !== undefined) deliverError(key, new Error(error))
  else deliver(key, answer)
}

let started = false
function start() {
  started = true
  const container = serviceWorker()
  if (container && typeof BroadcastChannel !== 'undefined') {
    new BroadcastChannel(MARKET_CHANNEL).addEventListener('message', (event) => onWorkerMessage(event.data))
    container.addEventListener('message', (event) => onWorkerMessage(event.data))
    container.addEventListener('controllerchange', () => (container.controller ? useWorker() : useLocal()))
  }
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (mode === 'worker') return followWorkerVisibility()
      if (isVisible()) local?.start()
      else local?.stop()
    })
    // A closed tab stops counting at once rather than after three missed beats.
    globalThis.addEventListener?.('pagehide', () => mode === 'worker' && post({ type: POLL_MESSAGE.hidden }))
  }
  if (container?.controller && typeof BroadcastChannel !== 'undefined') useWorker()
  else startLocal()
}

/** Live answers of one topic (first at once, then every tick) until the returned release is called. */
export function subscribeMarket(topic: MarketTopic, onAnswer: Listener, onError?: (error: unknown) => void): () => void {
  const releases = [add(listeners, topic.key, onAnswer)]
  if (onError) releases.push(add(errorListeners, topic.key, onError))
  const entry = wanted.get(topic.key)
  if (entry) entry.refs++
  else {
    wanted.set(topic.key, { topic, refs: 1 })
    if (mode === 'local' && local) localReleases.set(topic.key, local.subscribe(topic))
    else announceSoon()
  }
  if (!started) start()
  let released = false
  return () => {
    if (released) return
    released = true
    releases.forEach((release) => release())
    const current = wanted.get(topic.key)
    if (!current || --current.refs > 0) return
    wanted.delete(topic.key)
    localReleases.get(topic.key)?.()
    localReleases.delete(topic.key)
    announceSoon()
  }
}
