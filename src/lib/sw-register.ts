// Registers the service worker of production builds and runs the update handshake (architecture §5):
// a new version installs and waits; `updateReadyAtom` turns true; `applyUpdate()` tells it to take
// over and reloads this page once it controls it. Plain DOM APIs only — no workbox-window, so the
// entry chunk pays a few hundred bytes for it.
import { PERIODIC_REFRESH_TAG } from '../contract/sw-messages.ts'
import { SW_MESSAGE, type PageToWorkerMessage } from '../contract/sw-messages.ts'
import { atom, store } from './store'

const waitingWorkerAtom = atom<ServiceWorker | null>(null)
/** True while a new version of the app is installed and waits for the user's "Update". */
export const updateReadyAtom = atom((get) => get(waitingWorkerAtom) !== null)

// A worker that installs while another one controls the page is an update; the very first one
// (no controller yet) simply activates.
function offerWhenInstalled(worker: ServiceWorker): void {
  const check = () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) store.set(waitingWorkerAtom, worker)
  }
  worker.addEventListener('statechange', check)
  check()
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // After the load event: precaching the build must not compete with the first screen's chunks.
  if (document.readyState !== 'complete') return void window.addEventListener('load', registerServiceWorker, { once: true })
  const base = import.meta.env.BASE_URL
  navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).then((registration) => {
    if (registration.waiting) offerWhenInstalled(registration.waiting)
    registration.addEventListener('updatefound', () => {
      if (registration.installing) offerWhenInstalled(registration.installing)
    })
    // An app left open for days still learns of a release when the user comes back to it.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void registration.update().catch(() => undefined)
    })
    void askForBackgroundRefresh(registration)
  }, (error: unknown) => console.warn('service worker not registered', error))
}

/** Twice a day at most: enough for a returning trader to find recent lists, cheap on battery. */
const REFRESH_EVERY_MS = 12 * 60 * 60 * 1000

/**
 * Periodic Background Sync, where the browser grants it (Chromium: to an installed app with enough
 * engagement). Elsewhere nothing happens and the app refreshes when opened, as always.
 */
async function askForBackgroundRefresh(registration: ServiceWorkerRegistration): Promise<void> {
  const periodic = (registration as { periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> } }).periodicSync
  if (!periodic) return
  const permission = await navigator.permissions
    ?.query({ name: 'periodic-background-sync' as PermissionName })
    .catch(() => undefined)
  if (permission?.state !== 'granted') return
  await periodic.register(PERIODIC_REFRESH_TAG, { minInterval: REFRESH_EVERY_MS }).catch(() => undefined)
}

/** The user chose "Update": the waiting worker activates, and this page reloads into it once. */
export function applyUpdate(): void {
  const worker = store.get(waitingWorkerAtom)
  if (!worker) return
  // Another tab may have applied it already: then it is active and only this page is stale.
  if (worker.state === 'activating' || worker.state === 'activated') return location.reload()
  let reloading = false
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return
    reloading = true
    location.reload()
  })
  const message: PageToWorkerMessage = { type: SW_MESSAGE.skipWaiting }
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a ServiceWorker's postMessage takes no origin
  worker.postMessage(message)
}
