// The service worker (architecture §5). This file only wires: each concern is a module of its own.
import type { PrecacheEntry } from 'workbox-precaching'
import { registerApiCache } from './api-cache.ts'
import { serveAppShell } from './app-shell.ts'
import { takeOverOnRequest } from './lifecycle.ts'
import { registerOutbox } from './outbox.ts'
import { registerPaperCache } from './paper-cache.ts'
import { registerPeriodicRefresh } from './periodic-refresh.ts'
import { startPollHost } from './poll-host.ts'
import { sharedDb } from './db.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> }

// The registration's scope (/mobile/): the shell's routes are relative to it.
const base = new URL(self.registration.scope).pathname

takeOverOnRequest(self)
// oxlint-disable-next-line no-underscore-dangle -- workbox's injection point: the build replaces it with the precache list
serveAppShell(self.__WB_MANIFEST, base)

// The other concerns, one line each (a module per concern: docs/architecture.md §9).
// The poll fetches through the read cache: a worker's own fetches skip its fetch handler, and the
// cache both stores the answers (for offline starts) and answers from them when the network fails.
const readThrough = registerApiCache(self) // ./api-cache.ts — API reads: network first within a budget, else IndexedDB (stale)
startPollHost(self, { fetch: readThrough }) // ./poll-host.ts — one 5 s market poll for all visible tabs → BroadcastChannel
registerPeriodicRefresh(self, readThrough, sharedDb()) // ./periodic-refresh.ts — catalogue and asset lists, where Periodic Background Sync is granted
registerPaperCache(self) // ./paper-cache.ts — white papers, coin logos and pdf.js's worker, network first, else Cache Storage
registerOutbox(self) // ./outbox.ts — transfer outbox, replayed on sync, start, online and on request
