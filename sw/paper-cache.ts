// White papers (and coin logos) for offline reading (architecture §5): they are PDFs and images, which the JSON read cache
// (read-cache.ts, IndexedDB) cannot hold, but they are public GETs, which the Cache API stores as
// they are. Network first within the same budget as the reads, else the stored copy marked like
// a stored read (x-cache: offline, x-stored-at), else a 503 that says so. pdf.js's worker script
// (1.3 MB, an .mjs the precache leaves out so that every install does not pay for it) is kept here
// the first time a paper is read: its name carries its hash, so the stored copy is answered first.
import { CACHE_HEADER, CACHE_SOURCES, OFFLINE_MISS_MESSAGE, STORED_AT_HEADER } from '../src/contract/offline.ts'
import { isPaperRequest, isPdfWorkerRequest, NETWORK_BUDGET_MS } from './read-rules.ts'

/** The Cache Storage name of the stored papers (not a precache: workbox's cleanup leaves it alone). */
export const PAPER_CACHE = 'novaex-papers'

const wait = (ms: number) => new Promise<null>((resolve) => setTimeout(resolve, ms, null))

async function stored(cache: Cache, request: Request): Promise<Response | null> {
  const copy = await cache.match(request.url)
  if (!copy) return null
  const headers = new Headers(copy.headers)
  headers.set(CACHE_HEADER, CACHE_SOURCES.offline)
  return new Response(copy.body, { status: 200, headers })
}

async function answer(request: Request, extend: (promise: Promise<unknown>) => void): Promise<Response> {
  const cache = await caches.open(PAPER_CACHE)
  const network = fetch(request).then(async (response) => {
    const type = response.headers.get('content-type') ?? ''
    if (response.status === 200 && (type.startsWith('application/pdf') || type.startsWith('image/'))) {
      const copy = new Response(await response.clone().blob(), { headers: { 'content-type': type, [STORED_AT_HEADER]: String(Date.now()) } })
      extend(cache.put(request.url, copy))
    }
    return response
  })
  const first = await Promise.race([network.catch(() => null), wait(NETWORK_BUDGET_MS)])
  if (first) return first
  const copy = await stored(cache, request)
  if (copy) return copy
  const late = await network.catch(() => null)
  if (late) return late
  return new Response(OFFLINE_MISS_MESSAGE, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', [CACHE_HEADER]: CACHE_SOURCES.miss } })
}

async function workerScript(request: Request, extend: (promise: Promise<unknown>) => void): Promise<Response> {
  const cache = await caches.open(PAPER_CACHE)
  const copy = await cache.match(request.url)
  if (copy) return copy
  const response = await fetch(request)
  if (response.ok) extend(cache.put(request.url, response.clone()))
  return response
}

export function registerPaperCache(worker: ServiceWorkerGlobalScope): void {
  const origin = worker.location.origin
  const base = new URL(worker.registration.scope).pathname
  worker.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url)
    const paper = isPaperRequest(url, event.request.method, origin)
    if (!paper && !isPdfWorkerRequest(url, event.request.method, origin, base)) return
    const extend = (promise: Promise<unknown>) => {
      try {
        event.waitUntil(promise)
      } catch {
        // The event is already over: the store still runs while the worker lives.
      }
    }
    event.respondWith(paper ? answer(event.request, extend) : workerScript(event.request, extend))
  })
}
