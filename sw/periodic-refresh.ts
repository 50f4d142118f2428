// Background refresh (architecture §5): where Chromium grants Periodic Background Sync to the installed
// app, the worker wakes now and then and reads the pair catalogue and the signed-in user's asset
// lists through the read cache, so the next cold start (offline included) shows recent data.
import type { MarketTopic } from '../src/contract/market.ts'
import { marketTopics, MARKET_PATHS, QUOTE_COINS } from '../src/contract/market.ts'
import { ACCOUNT_TYPES, ASSET_PATHS } from '../src/contract/assets.ts'
import { TOKEN_HEADER } from '../src/contract/envelopes.ts'
import { PERIODIC_REFRESH_TAG } from '../src/contract/sw-messages.ts'
import type { NovaexDb } from './db.ts'

type Read = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const formOf = (body: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(body).map(([name, value]) => [name, String(value)])).toString()

/** The reads of one refresh: every quote's pair list, the price list, and both asset accounts. */
export function refreshRequests(session: { token: string } | undefined): Array<[string, RequestInit]> {
  const topics: MarketTopic[] = QUOTE_COINS.map((quote) => marketTopics.detailsByQuote(quote))
  const requests: Array<[string, RequestInit]> = topics.map((topic) => [topic.path, { method: 'POST', headers: FORM, body: formOf(topic.body) }])
  requests.push([MARKET_PATHS.prices, { method: 'POST', headers: FORM, body: '' }])
  if (session) {
    for (const accountType of Object.values(ACCOUNT_TYPES)) {
      requests.push([ASSET_PATHS.accounts, { method: 'POST', headers: { ...FORM, [TOKEN_HEADER]: session.token }, body: formOf({ accountType }) }])
    }
  }
  return requests
}

/** Runs one refresh; each read stores itself through the cache, and a failed one is skipped. */
export async function refreshNow(read: Read, db: NovaexDb): Promise<number> {
  const session = await db.refresh.get('current')
  const results = await Promise.allSettled(refreshRequests(session).map(([path, init]) => read(path, init)))
  return results.filter((result) => result.status === 'fulfilled' && result.value.ok).length
}

/** The periodicsync event (not yet in TypeScript's worker types): a tag and waitUntil. */
interface PeriodicSyncEvent extends Event {
  tag?: string
  waitUntil(promise: Promise<unknown>): void
}

export function registerPeriodicRefresh(
  worker: { addEventListener(type: 'periodicsync', listener: (event: PeriodicSyncEvent) => void): void },
  read: Read,
  db: NovaexDb,
): void {
  worker.addEventListener('periodicsync', (event) => {
    if (event.tag === PERIODIC_REFRESH_TAG) event.waitUntil(refreshNow(read, db))
  })
}
