// The app shell: every file of the build is precached (the list vite-plugin-pwa injects), the
// precache of older builds is removed, and any navigation under /mobile/ is answered with the
// precached index.html, so the installed app starts with the server unreachable. The API (/bb,
// /contract) is never a navigation of the app: it goes to the network (or to api-cache.ts).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

export function serveAppShell(manifest: Array<PrecacheEntry | string>, base: string): void {
  precacheAndRoute(manifest)
  cleanupOutdatedCaches()
  const escapedBase = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL(`${base}index.html`), {
      allowlist: [new RegExp(`^${escapedBase}`)],
      denylist: [/^\/(bb|contract)(\/|$)/],
    }),
  )
}
