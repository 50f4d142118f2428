// The worker's read cache in node: its database on fake-indexeddb, the network a function.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { MARKET_PATHS } from '../../src/contract/market.ts'
import { CACHE_HEADER, OFFLINE_MISS_MESSAGE, STORED_AT_HEADER } from '../../src/contract/offline.ts'
import { SECONDS_PATHS } from '../../src/contract/seconds.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { bindSession, countAnswers, forgetUser, getAnswer, openDb, putAnswer, type NovaexDb } from '../../sw/db.ts'
import { createApiCache } from '../../sw/read-cache.ts'
import { cacheKey, canonicalBody, hashToken, isSuccess, missResponse, readRuleFor, type ReadRule } from '../../sw/read-rules.ts'

const ORIGIN = 'http://app.test'
let db: NovaexDb
beforeEach(() => {
  db = openDb({ indexedDB: new IDBFactory(), IDBKeyRange })
})

const ruleOf = (path: string, method = 'POST'): ReadRule => {
  const rule = readRuleFor(new URL(path, ORIGIN), method, ORIGIN)
  if (!rule) throw new Error(`${path} is not a cached read`)
  return rule
}
const post = (path: string, body: string, token?: string) =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { 'access-token': token } : {}) },
  })
const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } })
const delay = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(resolve, ms, value))

/** A cache whose network is `network`, plus a way to wait for the stores it started. */
function setup(network: (request: Request) => Promise<Response>, now = () => 1_000) {
  const pending: Promise<unknown>[] = []
  const cache = createApiCache({ db, fetch: network, budgetMs: 30, limitMs: 1000, now })
  return {
    cache,
    ask: (request: Request) => cache.handle(request, ruleOf(new URL(request.url).pathname), (promise) => pending.push(promise)),
    settled: () => Promise.all(pending),
  }
}
const offline = () => Promise.reject(new TypeError('Failed to fetch'))
const TICKER = { status: 'ok', ts: 1, data: [{ symbol: 'btcusdt', close: '65000.1' }] }
const ASSETS_A = { code: 1, msg: 'success', data: [{ currencyName: 'USDT', availableCurrency: '1000', frozenCurrency: '0' }] }

describe('which calls are cached reads', () => {
  it('takes the market, asset, user and seconds reads and leaves every write alone', () => {
    expect(ruleOf(MARKET_PATHS.detailsByQuote)).toMatchObject({ scope: 'public', group: 'market' })
    expect(ruleOf(ASSET_PATHS.accounts)).toMatchObject({ scope: 'private', group: 'bb' })
    expect(ruleOf(USER_PATHS.info).scope).toBe('private')
    expect(ruleOf(SECONDS_PATHS.config)).toMatchObject({ scope: 'public', group: 'second' })
    expect(ruleOf(SECONDS_PATHS.records)).toMatchObject({ scope: 'private', group: 'second' })
    expect(ruleOf(USER_PATHS.getParamList, 'GET').method).toBe('GET')
    for (const write of [ASSET_PATHS.transfer, ASSET_PATHS.withdraw, ASSET_PATHS.exchange, USER_PATHS.login, USER_PATHS.logout, SECONDS_PATHS.createOrder]) {
      expect(readRuleFor(new URL(write, ORIGIN), 'POST', ORIGIN)).toBeUndefined()
    }
    expect(readRuleFor(new URL(MARKET_PATHS.kline, ORIGIN), 'GET', ORIGIN)).toBeUndefined()
    expect(readRuleFor(new URL(MARKET_PATHS.kline, 'http://elsewhere.test'), 'POST', ORIGIN)).toBeUndefined()
  })

  it('keys by path, the body in a stable order without the token, and the user', () => {
    expect(canonicalBody('size=2&symbol=btcusdt&timer=1min')).toBe(canonicalBody('timer=1min&symbol=btcusdt&size=2'))
    expect(canonicalBody('token=secret&userId=7')).toBe('userId=7')
    expect(cacheKey('7', ASSET_PATHS.accounts, 'accountType=1')).not.toBe(cacheKey('8', ASSET_PATHS.accounts, 'accountType=1'))
    expect(cacheKey('', MARKET_PATHS.prices, '')).toBe(`u:|${MARKET_PATHS.prices}?`)
  })

  it('knows success in each group and answers a miss in the group shape', async () => {
    expect(isSuccess('market', { status: 'ok' })).toBe(true)
    expect(isSuccess('market', { status: 'error' })).toBe(false)
    expect(isSuccess('bb', { code: 1 })).toBe(true)
    expect(isSuccess('bb', { code: -2 })).toBe(false)
    expect(isSuccess('second', { code: 200 })).toBe(true)
    expect(isSuccess('second', { code: 1 })).toBe(false)
    const miss = missResponse('second')
    expect(miss.status).toBe(503)
    expect(await miss.json()).toEqual({ code: 0, msg: OFFLINE_MISS_MESSAGE, result: null })
    expect(await missResponse('market').json()).toMatchObject({ status: 'error', 'err-msg': OFFLINE_MISS_MESSAGE })
  })
})

describe('the database', () => {
  it('stores a private answer only for the user its token is bound to, and forgets a user at logout', async () => {
    const entry = { key: cacheKey('7', ASSET_PATHS.accounts, ''), userId: '7', path: ASSET_PATHS.accounts, body: '', json: '{}', storedAt: 1 }
    expect(await putAnswer(db, entry, 'hash-a')).toBe(false)
    await bindSession(db, 'hash-b', '8')
    expect(await putAnswer(db, entry, 'hash-b')).toBe(false)
    await bindSession(db, 'hash-a', '7')
    expect(await putAnswer(db, entry, 'hash-a')).toBe(true)
    await putAnswer(db, { ...entry, key: cacheKey('', MARKET_PATHS.prices, ''), userId: '', path: MARKET_PATHS.prices })

    expect(await forgetUser(db, '7')).toBe(1)
    expect(await countAnswers(db, '7')).toBe(0)
    expect(await countAnswers(db, '')).toBe(1)
    expect(await db.sessions.get('hash-a')).toBeUndefined()
    expect(await db.sessions.get('hash-b')).toBeDefined()
  })

  it('keeps one token per user', async () => {
    await bindSession(db, 'old', '7')
    await bindSession(db, 'new', '7')
    expect((await db.sessions.toArray()).map((row) => row.tokenHash)).toEqual(['new'])
  })
})

describe('network first, else the stored copy', () => {
  it('answers from the network and stores the successful answer with its time', async () => {
    const { ask, settled } = setup(async () => json(TICKER))
    const response = await ask(post(MARKET_PATHS.prices, ''))
    expect(response.headers.get(CACHE_HEADER)).toBeNull()
    expect(await response.json()).toEqual(TICKER)
    await settled()
    expect(await getAnswer(db, cacheKey('', MARKET_PATHS.prices, ''))).toMatchObject({ json: JSON.stringify(TICKER), storedAt: 1_000 })
  })

  it('answers the stored copy marked offline with its time when the network fails', async () => {
    const online = setup(async () => json(TICKER))
    await online.ask(post(MARKET_PATHS.prices, ''))
    await online.settled()
    const response = await setup(offline).ask(post(MARKET_PATHS.prices, ''))
    expect(response.status).toBe(200)
    expect(response.headers.get(CACHE_HEADER)).toBe('offline')
    expect(response.headers.get(STORED_AT_HEADER)).toBe('1000')
    expect(await response.json()).toEqual(TICKER)
  })

  it('answers the copy when the network is slower than the budget, and still stores the late answer', async () => {
    const first = setup(async () => json(TICKER))
    await first.ask(post(MARKET_PATHS.prices, ''))
    await first.settled()
    const fresher = { ...TICKER, ts: 2 }
    const slow = setup(() => delay(120, json(fresher)), () => 2_000)
    const response = await slow.ask(post(MARKET_PATHS.prices, ''))
    expect(response.headers.get(CACHE_HEADER)).toBe('offline')
    expect(await response.json()).toEqual(TICKER)
    await slow.settled()
    expect(await getAnswer(db, cacheKey('', MARKET_PATHS.prices, ''))).toMatchObject({ json: JSON.stringify(fresher), storedAt: 2_000 })
  })

  it('waits for a slow network when nothing is stored', async () => {
    const { ask } = setup(() => delay(120, json(TICKER)))
    const response = await ask(post(MARKET_PATHS.prices, ''))
    expect(response.headers.get(CACHE_HEADER)).toBeNull()
    expect(await response.json()).toEqual(TICKER)
  })

  it('answers a 503 in the group envelope when offline with nothing stored', async () => {
    const response = await setup(offline).ask(post(SECONDS_PATHS.config, ''))
    expect(response.status).toBe(503)
    expect(response.headers.get(CACHE_HEADER)).toBe('offline-miss')
    expect(await response.json()).toMatchObject({ code: 0, result: null })
  })

  it('never stores a refusal or an error page', async () => {
    const refusing = setup(async () => json({ status: 'error', 'err-code': 'invalid-parameter', 'err-msg': 'bad', data: null }))
    await refusing.ask(post(MARKET_PATHS.kline, 'symbol=nope'))
    await refusing.settled()
    const failing = setup(async () => new Response('<html>', { status: 502 }))
    const response = await failing.ask(post(MARKET_PATHS.kline, 'symbol=btcusdt'))
    await failing.settled()
    expect(response.status).toBe(502)
    expect(await db.answers.count()).toBe(0)
  })
})

describe('private reads', () => {
  it('are stored per user and never answered to another user, offline included', async () => {
    const online = setup(async () => json(ASSETS_A))
    await online.cache.bind('7', 'token-a')
    await online.ask(post(ASSET_PATHS.accounts, 'accountType=1', 'token-a'))
    await online.settled()
    expect(await countAnswers(db, '7')).toBe(1)

    const down = setup(offline)
    const again = await down.ask(post(ASSET_PATHS.accounts, 'accountType=1', 'token-a'))
    expect(await again.json()).toEqual(ASSETS_A)

    await down.cache.bind('8', 'token-b')
    const other = await down.ask(post(ASSET_PATHS.accounts, 'accountType=1', 'token-b'))
    expect(other.status).toBe(503)
    const stranger = await down.ask(post(ASSET_PATHS.accounts, 'accountType=1', 'unbound-token'))
    expect(stranger.status).toBe(503)
    const anonymous = await down.ask(post(ASSET_PATHS.accounts, 'accountType=1'))
    expect(anonymous.status).toBe(503)
  })

  it('are not stored for a token no user is bound to, nor after that user logged out', async () => {
    const unbound = setup(async () => json(ASSETS_A))
    await unbound.ask(post(ASSET_PATHS.accounts, 'accountType=1', 'token-a'))
    await unbound.settled()
    expect(await db.answers.count()).toBe(0)

    const late = setup(() => delay(80, json(ASSETS_A)))
    await late.cache.bind('7', 'token-a')
    const answered = late.ask(post(ASSET_PATHS.accounts, 'accountType=1', 'token-a'))
    await delay(10, null)
    await late.cache.forget('7')
    await answered
    await late.settled()
    expect(await countAnswers(db, '7')).toBe(0)
    expect(await db.sessions.where('tokenHash').equals(await hashToken('token-a')).count()).toBe(0)
  })

  it('key /bb/user/info without the token its body carries', async () => {
    const { cache, ask, settled } = setup(async () => json({ code: 1, msg: 'success', data: { email: 'a@b.c' } }))
    await cache.bind('7', 'token-a')
    await ask(post(USER_PATHS.info, 'token=token-a&userId=7', 'token-a'))
    await settled()
    const [row] = await db.answers.toArray()
    expect(row?.key).toBe(cacheKey('7', USER_PATHS.info, 'userId=7'))
    expect(JSON.stringify(row)).not.toContain('token-a')
  })
})
