// The read cache's wiring in the worker (sw/sw.ts calls registerApiCache): the fetch handling of
// the API reads of sw/read-rules.ts through sw/read-cache.ts, and the page's session messages
// (bind the signed-in user; wipe a user's entries at logout and reply on the given port).
import { isSwMessage, SW_MESSAGE } from '../src/contract/sw-messages.ts'
import { sharedDb, type NovaexDb } from './db.ts'
import { createApiCache, type Extend } from './read-cache.ts'
import { readRuleFor } from './read-rules.ts'

/** A fetch for the worker's own reads (the shared poll): through the read cache like the page's. */
export type ReadThrough = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/**
 * The worker's wiring (sw/sw.ts): the fetch handling of the reads and the page's session messages.
 * Returns the fetch the worker's own reads should use: a worker's fetch() never passes its own
 * fetch event, so the 5 s poll would otherwise neither store its answers nor find them offline.
 */
export function registerApiCache(worker: ServiceWorkerGlobalScope, db: NovaexDb = sharedDb()): ReadThrough {
  const cache = createApiCache({ db, fetch: (request) => fetch(request) })
  const origin = worker.location.origin
  worker.addEventListener('fetch', (event) => {
    const rule = readRuleFor(new URL(event.request.url), event.request.method, origin)
    if (!rule) return
    const extend: Extend = (promise) => {
      try {
        event.waitUntil(promise)
      } catch {
        // The event is already over: the store still runs while the worker lives.
      }
    }
    event.respondWith(cache.handle(event.request, rule, extend))
  })
  worker.addEventListener('message', (event) => {
    const data: unknown = event.data
    if (isSwMessage(data, SW_MESSAGE.session) && data.userId && data.token) {
      const remember = db.refresh.put({ id: 'current', userId: data.userId, token: data.token })
      event.waitUntil(
        Promise.all([cache.bind(data.userId, data.token), remember]).catch((error: unknown) => console.warn('session not bound', error)),
      )
    } else if (isSwMessage(data, SW_MESSAGE.forgetUser)) {
      const reply = () => event.ports[0]?.postMessage({ type: SW_MESSAGE.forgetUser, userId: data.userId })
      const forgetRefresh = db.refresh.filter((current) => current.userId === data.userId).delete()
      event.waitUntil(
        Promise.all([cache.forget(data.userId), forgetRefresh]).then(reply, (error: unknown) => console.warn('user data not wiped', error)),
      )
    }
  })
  return (input, init) => {
    const request = new Request(input, init)
    const rule = readRuleFor(new URL(request.url), request.method, origin)
    if (!rule) return fetch(request)
    return cache.handle(request, rule, (promise) => void promise)
  }
}
