// When the transfer outbox is flushed (architecture §5): at start, when the network comes back and
// when the page shows again. This part runs in every page, so it stays tiny: a controlled page only
// asks its service worker (which holds the queue's code); only an uncontrolled page that has an
// outbox database at all loads lib/outbox (and with it Dexie) to send the queue itself.
import { OUTBOX_CHANNEL, OUTBOX_MESSAGE, OUTBOX_SYNC_TAG } from '../contract/sw-messages.ts'
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

let started = false
/** Flush now, whenever the network comes back and whenever the page shows again. Idempotent. */
export function startOutboxTriggers(): void {
  if (started || typeof window === 'undefined') return
  started = true
  window.addEventListener('online', flush)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && flush())
  flush()
}
