// The parts of a screen that can come a moment later (home's live pairs and New coins, the service
// worker's registration) wait until a first visit has settled: the page loaded and the browser
// idle. Each has a placeholder meanwhile, and the screen's own code, catalogs and first paint do
// not share the phone's first round trips with them (architecture §8). They are not kept out of
// the way any longer than that: a visitor sees live prices as soon as the page is done. A page a
// service worker controls reads the code from its precache, so there only the load event is
// awaited (as the worker's registration always did); in development and tests nothing waits.

let settled: Promise<void> | undefined

const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 })
    else setTimeout(resolve, 0)
  })

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve()
    else window.addEventListener('load', () => resolve(), { once: true })
  })

async function settle(): Promise<void> {
  if (!import.meta.env.PROD || typeof window === 'undefined') return
  await loaded()
  if (navigator.serviceWorker?.controller) return
  await idle()
}

/** Resolves once this page's first visit has settled; at once when it did long ago, or never needed to. */
export function firstVisitSettled(): Promise<void> {
  settled ??= settle()
  return settled
}
