// The messages between the page and the service worker (architecture §9: names shared as constants).
// Plain TS, imported by src/lib (the page's end) and sw/ (the worker's end), so a name can never
// drift between the two. Each concern adds its messages here, beside its neighbours.
import type { MarketTopic } from './market.ts'

export const SW_MESSAGE = {
  /** page → waiting worker: the user chose "Update"; activate now (the page reloads on controllerchange). */
  skipWaiting: 'SKIP_WAITING',
  /** page → worker (read cache): who is signed in, on start, sign-in and controller change. */
  session: 'SESSION',
  /** page → worker (read cache): logout; delete this user's stored answers, then reply on the port. */
  forgetUser: 'FORGET_USER',
} as const

export type SwMessageType = (typeof SW_MESSAGE)[keyof typeof SW_MESSAGE]

export interface SkipWaitingMessage {
  type: typeof SW_MESSAGE.skipWaiting
}

/**
 * The read cache binds the token (by its SHA-256; the token itself is never stored) to the user, so
 * private reads are keyed by user and a read is never answered from another user's entry.
 */
export interface SessionMessage {
  type: typeof SW_MESSAGE.session
  userId: string
  token: string
}

/** Sent with a MessagePort; the worker posts `{ type: FORGET_USER, userId }` back on it when done. */
export interface ForgetUserMessage {
  type: typeof SW_MESSAGE.forgetUser
  userId: string
}

/** Everything a page may post to the worker. */
export type PageToWorkerMessage = SkipWaitingMessage | SessionMessage | ForgetUserMessage

/** Narrows an untyped `MessageEvent.data` to one message of the contract. */
export function isSwMessage<T extends SwMessageType>(data: unknown, type: T): data is Extract<PageToWorkerMessage, { type: T }> {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type
}

// ── The shared 5 s market poll (sw/poll-host.ts ⇄ src/lib/sw-bridge.ts) ────────────────────────
export const POLL_MESSAGE = {
  /** page → worker: this page is visible and wants these topics; repeated as a heartbeat. */
  visible: 'poll-visible',
  /** page → worker: this page is hidden or going away; its topics no longer count. */
  hidden: 'poll-hidden',
  /** worker → that page: the poll host heard it (the page polls itself when no ack comes). */
  ack: 'poll-ack',
  /** worker → pages: one answer or failure of a topic. */
  result: 'market-result',
} as const
/** BroadcastChannel of the shared poll's answers (worker → every page). */
export const MARKET_CHANNEL = 'novaex-market'
/** How often a visible page repeats `poll-visible`; a page silent for three beats counts as gone. */
export const POLL_HEARTBEAT_MS = 10_000

export interface PollVisibleMessage {
  type: typeof POLL_MESSAGE.visible
  topics: MarketTopic[]
}
export interface PollHiddenMessage {
  type: typeof POLL_MESSAGE.hidden
}
export interface PollAckMessage {
  type: typeof POLL_MESSAGE.ack
}
/** On MARKET_CHANNEL, or to one page for a topic another tab already polls (its last answer). */
export interface MarketResultMessage {
  type: typeof POLL_MESSAGE.result
  key: string
  answer?: unknown
  /** Set when the fetch failed: the failure's text. */
  error?: string
}

// ── The transfer outbox (sw/outbox.ts ⇄ src/lib/outbox.ts) ──────────────────────────────────────
export const OUTBOX_MESSAGE = {
  /** page → worker: send what is queued now, with the page's current session for its user. */
  flush: 'outbox-flush',
  /** worker or page → pages: an entry was sent, refused or kept (on OUTBOX_CHANNEL). */
  changed: 'outbox-changed',
} as const
/** BroadcastChannel of the outbox's changes; also the Background Sync tag and the Web Lock name. */
export const OUTBOX_CHANNEL = 'novaex-outbox'
export const OUTBOX_SYNC_TAG = 'novaex-outbox'
export const OUTBOX_LOCK = 'novaex-outbox'

export interface OutboxFlushMessage {
  type: typeof OUTBOX_MESSAGE.flush
  userId?: string
  token?: string
}
export type OutboxOutcome = 'sent' | 'refused' | 'kept'
export interface OutboxChangedMessage {
  type: typeof OUTBOX_MESSAGE.changed
  id: string
  outcome: OutboxOutcome
  /** Why it was refused or kept (the server's words, or the network's). */
  message?: string
  /** Kept because the server wants the login password again (code -3): a visible page asks for it. */
  reauth?: boolean
}

/** Narrows an untyped message to one with this `type` (the shapes above are plain data). */
export const hasType = <T extends string>(data: unknown, type: T): data is { type: T } =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type

/** Periodic Background Sync tag of the catalogue and asset-list refresh (sw/periodic-refresh.ts). */
export const PERIODIC_REFRESH_TAG = 'novaex-refresh'
