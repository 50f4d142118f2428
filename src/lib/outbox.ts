// The page's end of the transfer outbox (architecture §5). What is stored where, and why: a transfer
// is written to IndexedDB ('novaex-outbox', sw/outbox-db.ts) with its idempotency key before any
// network attempt, so a tab closed or a network lost half way cannot lose it; the service worker
// sends what is queued (sw/outbox.ts) and says what happened on OUTBOX_CHANNEL. Where no worker
// controls the page, the page sends it with the same module. The page asks for a flush at start,
// on `online`, when it shows again and after queueing (workers get no `online` event).
/* oxlint-disable unicorn/require-post-message-target-origin -- BroadcastChannel, Client and ServiceWorker postMessage take no target origin (same origin by definition) */
import type { OutboxChangedMessage } from '../contract/sw-messages.ts'
import { hasType, OUTBOX_CHANNEL, OUTBOX_MESSAGE } from '../contract/sw-messages.ts'
import { outboxStore, type OutboxEntry } from './outbox-store'
import { readToken, userIdAtom } from './session'
import { askForQueued, requestFlush as requestFlushNow } from './outbox-triggers'
import { store } from './store'

export type { OutboxEntry } from './outbox-store'

// The page's own reads and writes go through idb (lib/outbox-store); Dexie and the sending code
// (sw/outbox.ts) load only on a page that no worker controls and that has something queued.
const queue = outboxStore()

type ChangeListener = (message: OutboxChangedMessage | null) => void
const changeListeners = new Set<ChangeListener>()
let channel: BroadcastChannel | undefined

function openChannel(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel
  channel = new BroadcastChannel(OUTBOX_CHANNEL)
  channel.addEventListener('message', (event) => {
    const data = event.data as unknown
    if (hasType(data, OUTBOX_MESSAGE.changed)) changeListeners.forEach((listener) => listener(data as OutboxChangedMessage))
  })
  return channel
}
/** Tells this page's watchers, and (a BroadcastChannel does not echo to itself) the other tabs. */
function changed(message: OutboxChangedMessage | null) {
  changeListeners.forEach((listener) => listener(message))
  if (message) openChannel()?.postMessage(message)
}

const session = () => {
  const userId = store.get(userIdAtom)
  const token = readToken()
  return userId && token ? { userId, token } : undefined
}

/** What became of an entry this page sent: its watchers hear it, and code -3 asks for the password. */
function sentFromPage(message: OutboxChangedMessage) {
  changed(message)
  if (message.reauth) askForQueued(message.message)
}

/** Sends what is queued from this page (no worker controls it): lib/outbox-triggers decides when. */
export async function flushFromPage(): Promise<void> {
  const { flushOutbox } = await import('../../sw/outbox.ts')
  await flushOutbox({ session: session(), notify: sentFromPage })
}

/** After queueing: the worker, or this page, sends it at once if the network allows. */
export const requestFlush = (): void => void requestFlushNow().catch(() => undefined)

export interface QueuedCall {
  path: string
  body: Record<string, string>
  key: string
}

/**
 * Writes a call to the outbox for the logged-in user. `holdMs`: the page is about to send it itself,
 * so the outbox leaves it alone that long (a replay meanwhile would still be harmless: same key).
 */
export async function enqueue(call: QueuedCall, holdMs = 0): Promise<void> {
  const now = Date.now()
  const entry: OutboxEntry = {
    id: call.key, userId: store.get(userIdAtom), path: call.path, body: call.body, key: call.key, token: readToken() ?? '',
    createdAt: now, attempts: 0, lastError: null, state: 'pending', notBefore: holdMs > 0 ? now + holdMs : 0,
  }
  await queue.put(entry)
  changed(null)
}

/** The page's own attempt got the final answer: the entry is done. */
export async function settle(key: string): Promise<void> {
  await queue.remove(key)
  changed(null)
}

/** The page's own attempt got no final answer: the outbox takes over now. */
export async function handOver(key: string): Promise<void> {
  await queue.release(key)
  changed(null)
  requestFlush()
}

/** Removes a refused entry once the user has seen it. */
export const dismiss = (id: string): Promise<void> => settle(id)

/**
 * The logged-in user's queued and refused calls under `path`, oldest first: now and after every
 * change; `onChange` also hears each entry's outcome (sent, refused, kept). Returns the release.
 */
export function watchOutbox(path: string, onEntries: (entries: OutboxEntry[]) => void, onChange?: (message: OutboxChangedMessage) => void): () => void {
  let live = true
  let round = 0
  const read = () => {
    const mine = ++round
    const userId = store.get(userIdAtom)
    queue.listOf(userId).then(
      (entries) => live && mine === round && onEntries(entries.filter((entry) => entry.path === path)),
      () => undefined,
    )
  }
  const listener: ChangeListener = (message) => {
    read()
    if (message) onChange?.(message)
  }
  openChannel()
  changeListeners.add(listener)
  read()
  return () => {
    live = false
    changeListeners.delete(listener)
  }
}

/** Logout: the user's queued calls go with the rest of their private data. */
export async function clearOutbox(userId: string): Promise<void> {
  await queue.clearUser(userId)
  changed(null)
}
