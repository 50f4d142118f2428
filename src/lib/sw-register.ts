// Registers the service worker of production builds and runs the update handshake (architecture §5)
// with workbox-window, imported after the load event so the first paint never waits for it: a new
// version installs and waits; `updateReadyAtom` turns true; `applyUpdate()` tells it to take over
// (SKIP_WAITING, sw/lifecycle.ts) and reloads this page once it controls it.
import type { Workbox } from 'workbox-window'
import { PERIODIC_REFRESH_TAG } from '../contract/sw-messages.ts'
import { firstVisitSettled } from './first-visit'
import { atom, store } from './store'

/** The quiet between a settled first visit and the worker's registration. */
const REGISTER_AFTER_MS = 1500

const waitingAtom = atom(false)
/** True while a new version of the app is installed and waits for the user's "Update". */
export const updateReadyAtom = atom((get) => get(waitingAtom))

let workbox: Workbox | undefined
let registered: ServiceWorkerRegistration | undefined

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // Once the first visit has settled, and a quiet moment more: nothing a visitor sees waits for
  // the worker, and workbox-window, the registration and precaching the whole build must not
  // compete with the first screen's chunks and rendering (architecture §8).
  void firstVisitSettled()
    .then(() => new Promise((resolve) => setTimeout(resolve, REGISTER_AFTER_MS)))
    .then(start)
    .catch((error: unknown) => console.warn('service worker not registered', error))
}

async function start(): Promise<void> {
  const { Workbox } = await import('workbox-window')
  const base = import.meta.env.BASE_URL
  const wb = new Workbox(`${base}sw.js`, { scope: base })
  workbox = wb
  // Only an update waits: the very first worker simply activates (workbox says isUpdate).
  wb.addEventListener('waiting', () => store.set(waitingAtom, true))
  const registration = await wb.register()
  if (!registration) return
  registered = registration
  // An app left open for days still learns of a release when the user comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined)
  })
  void askForBackgroundRefresh(registration)
}

/** Asks the browser whether a new release exists now (a chunk of this one failed to load). */
export async function checkForUpdate(): Promise<void> {
  await workbox?.update()
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

/**
 * The user chose "Update" (or a chunk of this version is gone): the waiting worker activates, and
 * this page reloads into it once it controls it. Answers false when no update waits.
 */
export function applyUpdate(): boolean {
  const wb = workbox
  if (!wb || !store.get(waitingAtom)) return false
  // Another tab may have applied it already: then it is active and only this page is stale.
  if (!registered?.waiting) {
    location.reload()
    return true
  }
  wb.addEventListener('controlling', () => location.reload())
  wb.messageSkipWaiting()
  return true
}
