// Seconds contracts on a feed that only knows the price now (the Huobi proxy has no priceAt): the
// opening price is the live one, the scheduler samples the live price when an order comes due,
// waits while the feed is down, and returns stake and fee when no price of the due instant can
// be had any more (the feed or the server was down past LIVE_GRACE_MS).
import type { FastifyBaseLogger } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SECONDS_RESULTS } from '../../src/contract/seconds.ts'
import type { AppContext } from '../../server/context.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import { creditFromOutside } from '../../server/ledger/operations.ts'
import { findRecord } from '../../server/ledger/records.ts'
import { systemTotals, verifyLedger } from '../../server/ledger/verify.ts'
import type { MarketSource } from '../../server/market/source.ts'
import { createOrder } from '../../server/seconds/open-order.ts'
import { findOrder } from '../../server/seconds/orders.ts'
import { LIVE_GRACE_MS, secondsPrices } from '../../server/seconds/prices.ts'
import { createSettlement } from '../../server/seconds/scheduler.ts'
import { type LedgerDb, openLedgerDb } from './ledger-db.ts'
import { unkeyed } from '../../server/assets/idempotency.ts'

const quiet = { error: () => {}, info: () => {} } as unknown as FastifyBaseLogger
let ledger: LedgerDb
let clock: number
let upstream: string | 'down'
let ctx: AppContext
let userId: number
const market = {
  async prices() {
    if (upstream === 'down') throw new Error('upstream down')
    return { status: 'ok', ts: clock, data: [{ symbol: 'btcusdt', baseCoin: 'BTC', quoteCoin: 'USDT', close: upstream }] }
  },
} as unknown as MarketSource
const prices = secondsPrices(market)

beforeEach(async () => {
  ledger = await openLedgerDb()
  clock = 1_800_000_000_000
  upstream = '65000.00'
  ctx = { db: ledger.db, config: { ...DEFAULT_CONFIG, secondsExtraDuration: 5 }, now: () => clock, log: quiet } as unknown as AppContext
  userId = await ledger.addUser('live@seconds.test')
  await creditFromOutside(ledger.db, { userId, accountType: 2, currency: 'USDT', amount: '100', kind: 'credit', memo: '', now: clock })
  await ledger.db.run("UPDATE params SET value = '0.01' WHERE name = 'contract_second_fee_rate'")
})
afterEach(() => ledger.close())

const FIELDS = { openAmount: '20', baseCoin: 'BTC', quoteCoin: 'USDT', positionTime: '30', tradeType: '1' }
const open = async () => {
  const answer = await createOrder(ctx, prices, unkeyed(userId), FIELDS)
  if (!answer.data) throw new Error(answer.msg)
  return Number(answer.data.id)
}

describe('a live-only feed', () => {
  it('opens at the live price, and refuses to open while the feed is down', async () => {
    const id = await open()
    expect((await findOrder(ledger.db, id))?.openPrice).toBe('65000.00')
    upstream = 'down'
    const entries = await ledger.count('ledger_entries')
    expect(await createOrder(ctx, prices, unkeyed(userId), FIELDS)).toEqual({ code: 0, msg: SERVER_MESSAGES.priceUnavailable, data: null })
    expect(await ledger.count('ledger_entries')).toBe(entries)
  })

  it('settles at the price sampled when the order comes due', async () => {
    const id = await open()
    clock += 29_999
    upstream = '65100.00'
    expect(await createSettlement(ctx, prices).pass()).toBe(0)
    clock += 1
    expect(await createSettlement(ctx, prices).pass()).toBe(1)
    expect(await findOrder(ledger.db, id)).toMatchObject({ status: 2, settlePrice: '65100.00', result: SECONDS_RESULTS.win, profit: '16' })
    expect(await ledger.balance(userId, 2, 'USDT')).toEqual({ available: '115.8', frozen: '0' })
    expect(await verifyLedger(ledger.db)).toEqual([])
  })

  it('waits while the feed is down, then returns stake and fee once no honest price is left', async () => {
    const id = await open()
    upstream = 'down'
    clock += 30_000 + LIVE_GRACE_MS
    expect(await createSettlement(ctx, prices).pass()).toBe(0)
    expect((await findOrder(ledger.db, id))?.status).toBe(1)
    clock += 1
    expect(await createSettlement(ctx, prices).pass()).toBe(1)
    expect(await findOrder(ledger.db, id)).toMatchObject({ status: 2, settlePrice: '', result: SECONDS_RESULTS.draw, profit: '0' })
    expect(await ledger.balance(userId, 2, 'USDT')).toEqual({ available: '100', frozen: '0' })
    expect((await systemTotals(ledger.db)).get('fees:USDT')).toBe('0')
    const recordId = Number((await ledger.db.get('SELECT record_id FROM seconds_orders WHERE id = ?', id))?.record_id)
    expect(await findRecord(ledger.db, recordId)).toMatchObject({ status: 1, amount: '-20', fee: '0.2', actualArrival: '20.2' })
    expect((await findRecord(ledger.db, recordId))?.info).toContain('amount and fee returned')
    expect(await verifyLedger(ledger.db)).toEqual([])
  })

  it('returns an order that came due while the server was down, even with the feed up again', async () => {
    const id = await open()
    clock += 3_600_000
    expect(await createSettlement(ctx, prices).pass()).toBe(1)
    expect(await findOrder(ledger.db, id)).toMatchObject({ settlePrice: '', result: SECONDS_RESULTS.draw, profit: '0' })
    expect((await ledger.balance(userId, 2, 'USDT')).available).toBe('100')
  })
})
