import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { MARKET_PATHS, QUOTE_COINS } from '../../src/contract/market.ts'
import { openDb, type NovaexDb } from '../../sw/db.ts'
import { refreshNow, refreshRequests } from '../../sw/periodic-refresh.ts'

let db: NovaexDb | undefined
afterEach(async () => {
  await db?.delete()
  db = undefined
})

it('reads every quote list and the price list, and the asset lists only with a session', () => {
  const visitor = refreshRequests(undefined).map(([path, init]) => [path, String(init.body)])
  expect(visitor).toEqual([
    ...QUOTE_COINS.map((quote) => [MARKET_PATHS.detailsByQuote, `quoteCoin=${quote}`]),
    [MARKET_PATHS.prices, ''],
  ])
  const signedIn = refreshRequests({ token: 't-1' })
  const accounts = signedIn.filter(([path]) => path === ASSET_PATHS.accounts)
  expect(accounts.map(([, init]) => String(init.body))).toEqual(['accountType=1', 'accountType=2'])
  expect(accounts.every(([, init]) => (init.headers as Record<string, string>)['access-token'] === 't-1')).toBe(true)
})

it('uses the remembered session, counts the reads that answered and skips the ones that failed', async () => {
  db = openDb({ indexedDB: new IDBFactory(), IDBKeyRange })
  await db.refresh.put({ id: 'current', userId: '7', token: 'tok-7' })
  const seen: string[] = []
  const read = async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(`${String(input)} ${String(init?.body)}`)
    if (String(init?.body) === 'quoteCoin=ETH') throw new TypeError('network down')
    return new Response('{}', { status: 200 })
  }
  expect(await refreshNow(read, db)).toBe(QUOTE_COINS.length - 1 + 1 + 2)
  expect(seen).toContain(`${ASSET_PATHS.accounts} accountType=2`)
})
