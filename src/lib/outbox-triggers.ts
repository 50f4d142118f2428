// When the transfer outbox is flushed (architecture §5): at start, when the network comes back and
// when the page shows again. This part runs in every page, so it stays tiny: a controlled page only
// asks its service worker (which holds the queue's code); only an uncontrolled page that has an
// outbox database at all loads lib/outbox (and with it Dexie) to send the queue itself.
// A queued transfer the server kept for the login password (code -3; the worker can ask no one) is
// asked for here, by the visible page; an accepted password has the queue sent again (app/start).
import { hasType, OUTBOX_CHANNEL, OUTBOX_MESSAGE, OUTBOX_SYNC_TAG, type OutboxChangedMessage } from '../contract/sw-messages.ts'
import { confirmPassword } from './api-client'
import { readToken, userIdAtom } from './session'
import { store } from './store'

// The database sw/outbox-db.ts opens; the same name as the channel by design.
const OUTBOX_DB_NAME = OUTBOX_CHANNEL

/** Asks the worker to send what is queued (and Background Sync to retry), or sends it from here. */
export async function requestFlush(): Promise<void> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker
  if (container?.controller) {
    const userId = store.get(userIdAtom)
    const token = readToken()
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a ServiceWorker's postMessage takes no origin
    container.controller.postMessage({ type: OUTBOX_MESSAGE.flush, ...(userId && token ? { userId, token } : {}) })
    const registration = (await container.ready.catch(() => undefined)) as
      | { sync?: { register(tag: string): Promise<void> } }
      | undefined
    await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined)
    return
  }
  const databases = await globalThis.indexedDB?.databases?.().catch(() => [])
  if (!databases?.some((database) => database.name === OUTBOX_DB_NAME)) return
  const { flushFromPage } = await import('./outbox')
  await flushFromPage()
}

const flush = () => void requestFlush().catch(() => undefined)

// After a Cancel, the queue waits for the next start (or for a password given for another call),
// rather than asking again every time the page shows.
let declined = false

/**
 * A queued transfer was kept because the server wants the login password again: the signed-in
 * user's visible page asks for it (one dialog however many entries and tabs say so at once).
 */
export function askForQueued(message: string | undefined): void {
  if (declined || !readToken() || typeof document === 'undefined' || document.visibilityState !== 'visible') return
  void confirmPassword(message).then((confirmed) => {
    declined = !confirmed
  })
}

let started = false
/** Flush now, whenever the network comes back and whenever the page shows again. Idempotent. */
export function startOutboxTriggers(): void {
  if (started || typeof window === 'undefined') return
  started = true
  // The worker says here what became of each entry it sent.
  if (typeof BroadcastChannel !== 'undefined') {
    new BroadcastChannel(OUTBOX_CHANNEL).addEventListener('message', (event) => {
      const data = event.data as unknown
      if (hasType(data, OUTBOX_MESSAGE.changed) && (data as OutboxChangedMessage).reauth) askForQueued((data as OutboxChangedMessage).message)
    })
  }
  window.addEventListener('online', flush)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && flush())
  flush()
}
