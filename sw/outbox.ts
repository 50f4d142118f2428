// The transfer outbox (architecture §5): sends queued transfers with their idempotency key until the
// server has answered for good. The server deduplicates on the key, so a replay after a lost answer
// moves no money twice; here we only make sure an entry is not dropped early and that one context
// at a time sends (a module-level promise in this context, a Web Lock across tabs and the worker).
// Runs in the worker (registerOutbox) and, where no worker controls the page, in the page itself.
/* oxlint-disable unicorn/require-post-message-target-origin -- BroadcastChannel, Client and ServiceWorker postMessage take no target origin (same origin by definition) */
import { BB_FAIL, BB_OK, IDEMPOTENCY_HEADER, REAUTH_REQUIRED, SESSION_EXPIRED, TOKEN_HEADER } from '../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../src/contract/messages.ts'
import type { OutboxChangedMessage, OutboxFlushMessage } from '../src/contract/sw-messages.ts'
import { hasType, OUTBOX_CHANNEL, OUTBOX_LOCK, OUTBOX_MESSAGE, OUTBOX_SYNC_TAG } from '../src/contract/sw-messages.ts'
import { outboxDb, type OutboxDb, type OutboxEntry } from './outbox-db.ts'

/**
 * What an answer means for the entry: it leaves (sent, refused for good) or stays to be sent again;
 * `reauth`: it stays because the server wants the login password again, which only a page can ask.
 */
export type Verdict =
  | { kind: 'sent' }
  | { kind: 'refused'; message: string }
  | { kind: 'kept'; message: string; network: boolean; reauth?: true }

const REQUEST_TIMEOUT_MS = 12_000
/** Statuses that say "not now" rather than "no": unauthorised, timeout, too many requests. */
const RETRY_STATUSES = new Set([401, 408, 409, 429])
/**
 * A proxy's "no server behind me" (nginx in front of instances that are all down): the server is as
 * unreachable as with no network, so a sync event fails and the browser tries again later.
 */
const GATEWAY_STATUSES = new Set([502, 503, 504])

const textOf = (body: unknown): string | undefined => {
  const msg = (body as { msg?: unknown } | null)?.msg
  return typeof msg === 'string' && msg !== '' ? msg : undefined
}

/** The keep/leave rule of an answer (`null` status: no answer reached us). */
export function judge(status: number | null, body: unknown): Verdict {
  if (status === null || GATEWAY_STATUSES.has(status)) return { kind: 'kept', message: 'network', network: true }
  const code = (body as { code?: unknown } | null)?.code
  const message = textOf(body) ?? `HTTP ${status}`
  if (status >= 500 || RETRY_STATUSES.has(status)) return { kind: 'kept', message, network: false }
  if (status >= 400) return { kind: 'refused', message }
  if (status < 200 || status >= 300 || typeof code !== 'number') return { kind: 'kept', message, network: false }
  if (code === BB_OK) return { kind: 'sent' }
  // A session that expired keeps the entry: it goes out with the next session of the same user.
  if (code === SESSION_EXPIRED) return { kind: 'kept', message, network: false }
  // Money after a while without use needs the password again (code -3): nothing was done, and the
  // next visible page asks for it (lib/outbox-triggers) and has the queue sent again.
  if (code === REAUTH_REQUIRED) return { kind: 'kept', message, network: false, reauth: true }
  // The server could not take the key's lock in time: the same key must be tried again.
  if (code === BB_FAIL && textOf(body) === SERVER_MESSAGES.requestInProgress) return { kind: 'kept', message, network: false }
  return { kind: 'refused', message }
}

export interface FlushOptions {
  db?: OutboxDb
  fetch?: typeof fetch
  now?: () => number
  /** The page's current session: that user's entries are sent with this token from now on. */
  session?: { userId: string; token: string }
  /** Told of every entry sent, refused or kept (the worker posts it on OUTBOX_CHANNEL). */
  notify?: (message: OutboxChangedMessage) => void
  /** Origin for the entries' paths where relative URLs do not resolve (tests in Node). */
  baseUrl?: string
}

export interface FlushReport {
  sent: number
  refused: number
  kept: number
  /** Kept because no answer came: a sync event should fail so that the browser tries again. */
  unreachable: number
}

async function sendOne(entry: OutboxEntry, options: FlushOptions): Promise<Verdict> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  let response: Response
  try {
    response = await doFetch(`${options.baseUrl ?? ''}${entry.path}`, {
      method: 'POST',
      headers: { [TOKEN_HEADER]: entry.token, [IDEMPOTENCY_HEADER]: entry.key },
      body: new URLSearchParams(entry.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch {
    return judge(null, null)
  }
  let body: unknown = null
  try {
    body = JSON.parse(await response.text())
  } catch {
    // The answer was lost half way or is not JSON: the rule keeps the entry for a later replay.
  }
  return judge(response.status, body)
}

async function flushNow(options: FlushOptions): Promise<FlushReport> {
  const db = options.db ?? outboxDb()
  const now = options.now ?? Date.now
  const report: FlushReport = { sent: 0, refused: 0, kept: 0, unreachable: 0 }
  const { session } = options
  if (session?.userId && session.token) {
    await db.entries.where('userId').equals(session.userId).modify((entry) => {
      entry.token = session.token
    })
  }
  const due = (await db.entries.orderBy('createdAt').toArray()).filter((entry) => entry.state === 'pending' && entry.notBefore <= now())
  for (const entry of due) {
    const verdict = await sendOne(entry, options)
    if (verdict.kind === 'sent') {
      await db.entries.delete(entry.id)
      report.sent++
    } else if (verdict.kind === 'refused') {
      // Kept only to tell the user why (never sent again); the screen's "Dismiss" deletes it.
      await db.entries.update(entry.id, { state: 'refused', lastError: verdict.message, attempts: entry.attempts + 1 })
      report.refused++
    } else {
      await db.entries.update(entry.id, { lastError: verdict.message, attempts: entry.attempts + 1 })
      report.kept++
      if (verdict.network) report.unreachable++
    }
    const reauth = verdict.kind === 'kept' && verdict.reauth ? { reauth: true } : {}
    options.notify?.({ type: OUTBOX_MESSAGE.changed, id: entry.id, outcome: verdict.kind, message: 'message' in verdict ? verdict.message : undefined, ...reauth })
  }
  return report
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>
}
const locks = (): LockManagerLike | undefined => (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks

let running: Promise<FlushReport> | null = null
let queued: Promise<FlushReport> | null = null

/**
 * Sends every due entry, one context at a time. A flush asked for while one runs is queued once
 * behind it (with the newest session), so an entry written meanwhile is not left waiting.
 */
export function flushOutbox(options: FlushOptions = {}): Promise<FlushReport> {
  if (!running) {
    const lock = locks()
    const work = lock ? lock.request(OUTBOX_LOCK, () => flushNow(options)) : flushNow(options)
    running = work.finally(() => {
      running = null
    })
    return running
  }
  queued ??= running.catch(() => undefined).then(() => {
    queued = null
    return flushOutbox(options)
  })
  return queued
}

// ── The worker's wiring ──────────────────────────────────────────────────────────────────────────
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface OutboxScope {
  addEventListener(type: string, listener: (event: Event) => void): void
}

/** Flushes on Background Sync, on start and when a page asks (pages ask on `online` and on show). */
export function registerOutbox(scope: OutboxScope): void {
  const channel = new BroadcastChannel(OUTBOX_CHANNEL)
  const notify = (message: OutboxChangedMessage) => channel.postMessage(message)
  scope.addEventListener('sync', (event) => {
    const sync = event as ExtendableEventLike & { tag?: string }
    if (sync.tag !== OUTBOX_SYNC_TAG) return
    // Rejecting tells the browser to fire `sync` again later, which is only worth it offline.
    sync.waitUntil(flushOutbox({ notify }).then((report) => {
      if (report.unreachable > 0) throw new Error('outbox: the server is still unreachable')
    }))
  })
  scope.addEventListener('message', (event) => {
    const data = (event as MessageEvent).data as unknown
    if (!hasType(data, OUTBOX_MESSAGE.flush)) return
    const { userId, token } = data as OutboxFlushMessage
    const session = userId && token ? { userId, token } : undefined
    ;(event as ExtendableEventLike).waitUntil(flushOutbox({ notify, session }).catch(() => undefined))
  })
  void flushOutbox({ notify }).catch(() => undefined)
}
