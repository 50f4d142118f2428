// Deposits end to end against a real server: the address and minimum, a request with a real image,
// the operator's approval crediting exactly once, rejection, and the proof shown only to its owner.
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS, CHAINS, CONFIRMATIONS, type Currency, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { num } from '../../server/db/rows.ts'
import { MAX_PENDING_DEPOSITS } from '../../server/deposits/request.ts'
import { ReviewRefusal, approveDeposit, rejectDeposit } from '../../server/deposits/review.ts'
import { readImageHeader } from '../../server/uploads/image-header.ts'
import { normalizeAddress } from '../../server/withdrawals/address-format.ts'
import { balanceOf, type Funded, fundedUser, snapshot, withDb } from './assets-support.ts'
import { jpegImage, pngImage, postMultipart, reviewContext, storedUploads } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'

let server: TestServer
let alice: Funded
let bob: Funded
beforeAll(async () => {
  server = await startServer()
  alice = await fundedUser(server, 'alice@deposit.test')
  bob = await fundedUser(server, 'bob@deposit.test')
})
afterAll(() => server.close())

/** null: no proof at all. */
const deposit = (user: Funded, fields: Record<string, string>, bytes: Buffer | null = pngImage(4, 3)) =>
  postMultipart(server, ASSET_PATHS.deposit, fields, bytes ? { bytes } : undefined, user.headers)

const review = <T>(work: (ctx: ReturnType<typeof reviewContext>) => Promise<T>): Promise<T> => withDb(server, (db) => work(reviewContext(server, db)))

describe('deposit address', () => {
  const pairs = Object.entries(CHAINS).flatMap(([currency, chains]) => chains.map((chain) => [currency, chain] as const))

  it.each(pairs)('%s on %s is a valid, stable address of that chain, its own per user', async (currency, chain) => {
    const first = await server.post(ASSET_PATHS.depositAddress, { currency, chain }, alice.headers)
    expect(first.json.code).toBe(1)
    const { address, minimum, confirmations } = first.json.data
    expect(normalizeAddress(chain, address)).toBe(address)
    expect(confirmations).toBe(CONFIRMATIONS)
    expect((await server.post(ASSET_PATHS.depositAddress, { currency, chain }, alice.headers)).json.data.address).toBe(address)
    expect((await server.post(ASSET_PATHS.depositAddress, { currency, chain }, bob.headers)).json.data.address).not.toBe(address)
    if (currency === 'USDT') expect(minimum).toBe('1')
    else expect(new BigNumber(minimum).decimalPlaces()).toBeLessThanOrEqual(8)
  })

  it('states a minimum worth at least 1 USDT at the feed price, and no more than needed', async () => {
    const prices = (await server.post('/bb/huobi/getPriceList')).json.data as Array<{ baseCoin: string; quoteCoin: string; close: string }>
    for (const currency of ['BTC', 'ETH', 'DOGE'] satisfies Currency[]) {
      const { minimum } = (await server.post(ASSET_PATHS.depositAddress, { currency, chain: CHAINS[currency][0] ?? '' }, alice.headers)).json.data
      const price = prices.find((p) => p.baseCoin === currency && p.quoteCoin === 'USDT')?.close ?? 'NaN'
      expect(new BigNumber(minimum).times(price).isGreaterThanOrEqualTo(1), currency).toBe(true)
      expect(new BigNumber(minimum).minus('0.00000001').times(price).isLessThan(1), currency).toBe(true)
    }
  })

  it('refuses chains of another currency and unknown currencies', async () => {
    expect((await server.post(ASSET_PATHS.depositAddress, { currency: 'BTC', chain: 'TRC20' }, alice.headers)).json.msg).toBe(SERVER_MESSAGES.unsupportedChain)
    expect((await server.post(ASSET_PATHS.depositAddress, { currency: 'SHIB', chain: 'ERC20' }, alice.headers)).json.msg).toBe(SERVER_MESSAGES.unknownCurrency)
  })
})

describe('deposit request and review', () => {
  it('creates a reviewing record; approval credits the spot account exactly once', async () => {
    const answer = await deposit(alice, { currency: 'USDT', chain: 'TRC20', amount: '25.5' })
    expect(answer.json.code).toBe(1)
    const record = answer.json.data
    const { address } = (await server.post(ASSET_PATHS.depositAddress, { currency: 'USDT', chain: 'TRC20' }, alice.headers)).json.data
    expect(record).toMatchObject({ tradeType: RECORD_TYPES.deposit, status: RECORD_STATUS.reviewing, currency: 'USDT', amount: '25.5', info: `TRC20 ${address}` })
    expect((await balanceOf(server, alice.userId, 1, 'USDT')).available).toBe('0')

    const approved = await review((ctx) => approveDeposit(ctx, record.id, undefined))
    expect(approved).toMatchObject({ id: record.id, status: RECORD_STATUS.finished, actualArrival: '25.5' })
    expect((await balanceOf(server, alice.userId, 1, 'USDT')).available).toBe('25.5')

    const before = await snapshot(server)
    await expect(review((ctx) => approveDeposit(ctx, record.id, undefined))).rejects.toThrow(ReviewRefusal)
    await expect(review((ctx) => rejectDeposit(ctx, record.id, 'late'))).rejects.toThrow(ReviewRefusal)
    expect(await snapshot(server)).toEqual(before)
    expect(before.differences).toEqual([])
  })

  it('rejection keeps the balance and tells the reason in info', async () => {
    const record = (await deposit(alice, { currency: 'BTC', chain: 'BTC', amount: '0.01' }, jpegImage(8, 8))).json.data
    const before = await balanceOf(server, alice.userId, 1, 'BTC')
    const rejected = await review((ctx) => rejectDeposit(ctx, record.id, '  No such transfer\non chain '))
    expect(rejected.status).toBe(RECORD_STATUS.rejected)
    expect(rejected.info).toMatch(/^BTC bc1\w+ · No such transfer on chain$/)
    expect(await balanceOf(server, alice.userId, 1, 'BTC')).toEqual(before)
    await expect(review((ctx) => approveDeposit(ctx, record.id, undefined))).rejects.toThrow(ReviewRefusal)
  })

  it('the review functions refuse unknown ids and records of another kind', async () => {
    await expect(review((ctx) => approveDeposit(ctx, '999999', undefined))).rejects.toThrow(ReviewRefusal)
    await expect(review((ctx) => approveDeposit(ctx, 'abc', undefined))).rejects.toThrow(ReviewRefusal)
    const seeded = await withDb(server, async (db) => {
      const row = await db.get('SELECT id FROM asset_records WHERE trade_type <> 1 LIMIT 1')
      return row ? num(row, 'id') : undefined
    })
    if (seeded !== undefined) await expect(review((ctx) => approveDeposit(ctx, String(seeded), undefined))).rejects.toThrow(ReviewRefusal)
  })

  it('requires a proof, and refuses amounts under 1 USDT worth at request time', async () => {
    const before = await snapshot(server)
    expect((await deposit(alice, { currency: 'USDT', chain: 'ERC20', amount: '5' }, null)).json.msg).toBe(SERVER_MESSAGES.uploadCredentials)
    expect((await deposit(alice, { currency: 'USDT', chain: 'ERC20', amount: '0.99999999' })).json.msg).toBe(SERVER_MESSAGES.depositBelowMinimum)
    expect((await deposit(alice, { currency: 'DOGE', chain: 'DOGE', amount: '0.001' })).json.msg).toBe(SERVER_MESSAGES.depositBelowMinimum)
    expect((await deposit(alice, { currency: 'USDT', chain: 'BTC', amount: '5' })).json.msg).toBe(SERVER_MESSAGES.unsupportedChain)
    expect((await deposit(alice, { currency: 'USDT', chain: 'TRC20', amount: '1.123456789' })).json.msg).toBe(SERVER_MESSAGES.amountTooPrecise)
    expect((await deposit(alice, { currency: 'USDT', chain: 'TRC20' })).status).toBe(400)
    expect(await snapshot(server)).toEqual(before)
  })

  it('files a retried upload once for one idempotency key', async () => {
    const key = { [IDEMPOTENCY_HEADER]: 'deposit-key-0001' }
    const proof = { bytes: pngImage(6, 6) }
    const fields = { currency: 'USDT', chain: 'TRC20', amount: '12' }
    const first = await postMultipart(server, ASSET_PATHS.deposit, fields, proof, { ...bob.headers, ...key })
    const files = await storedUploads(server)
    const again = await postMultipart(server, ASSET_PATHS.deposit, fields, proof, { ...bob.headers, ...key })
    expect(again.json).toEqual(first.json)
    expect(await storedUploads(server)).toEqual(files)
    const other = await postMultipart(server, ASSET_PATHS.deposit, { ...fields, amount: '13' }, proof, { ...bob.headers, ...key })
    expect(other.json.msg).toBe(SERVER_MESSAGES.idempotencyKeyReused)
    expect(await storedUploads(server)).toEqual(files)
  })

  it(`keeps at most ${MAX_PENDING_DEPOSITS} deposits waiting per user`, async () => {
    const busy = await fundedUser(server, 'busy@deposit.test')
    for (let i = 0; i < MAX_PENDING_DEPOSITS; i++) expect((await deposit(busy, { currency: 'USDT', chain: 'TRC20', amount: '2' })).json.code).toBe(1)
    expect((await deposit(busy, { currency: 'USDT', chain: 'TRC20', amount: '2' })).json.msg).toBe(SERVER_MESSAGES.tooManyPendingDeposits)
    const first = await withDb(server, async (db) => {
      const row = await db.get('SELECT min(id) AS id FROM asset_records WHERE user_id = ?', busy.userId)
      return row ? num(row, 'id') : undefined
    })
    await review((ctx) => rejectDeposit(ctx, String(first), 'duplicate'))
    expect((await deposit(busy, { currency: 'USDT', chain: 'TRC20', amount: '2' })).json.code).toBe(1)
  })

  it('accepts exactly the minimum', async () => {
    expect((await deposit(bob, { currency: 'USDT', chain: 'ERC20', amount: '1' })).json.code).toBe(1)
  })
})

describe('the proof image', () => {
  it('is served to its owner as a plain JPEG that no browser will run, and to nobody else', async () => {
    const record = (await deposit(alice, { currency: 'ETH', chain: 'ERC20', amount: '0.5' }, pngImage(5, 7))).json.data
    const own = await fetch(`${server.url}${ASSET_PATHS.depositProof}?id=${record.id}`, { headers: alice.headers })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('image/jpeg')
    expect(own.headers.get('x-content-type-options')).toBe('nosniff')
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(own.headers.get('content-disposition')).toMatch(/^inline/)
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    expect(readImageHeader(Buffer.from(await own.arrayBuffer()))).toEqual({ type: 'jpeg', width: 5, height: 7 })

    for (const [headers, query] of [[bob.headers, `id=${record.id}`], [alice.headers, 'id=999999'], [alice.headers, 'id=../../etc'], [alice.headers, '']] as const) {
      const other = await server.get(`${ASSET_PATHS.depositProof}?${query}`, headers)
      expect(other.status).toBe(404)
      expect(other.json).toEqual({ code: 0, msg: SERVER_MESSAGES.recordNotFound, data: null })
    }
    expect((await server.get(`${ASSET_PATHS.depositProof}?id=${record.id}`)).json.code).toBe(-2)
  })
})
