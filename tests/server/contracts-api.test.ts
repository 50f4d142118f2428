// The leveraged contract calls on the real server, with the feed's price of the instant: the terms;
// a market entry and a limit entry with their exact margin, fee, liquidation price, balances,
// ledger entries and records; a cancel, a partial and a whole close, added margin and stops; the
// lists; one idempotency key sent many times at once; and the operators' commands.
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { CONTRACT_PATHS, POSITION_STATUS } from '../../src/contract/contracts.ts'
import { IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { contractsCommand } from '../../server/contracts/admin-command.ts'
import { balanceOf, type Funded, fundedUser, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { detail, entriesOf, heldProblems, lastAt, openCall, opened, priceOf, succeeded, ticksOf } from './contracts-support.ts'

const T0 = Date.UTC(2026, 5, 2, 10, 0, 0, 250)
const RATE = '0.0005'
const floor8 = (value: BigNumber) => value.decimalPlaces(8, BigNumber.ROUND_FLOOR)
const marginOf = (price: string, quantity: string, leverage: number) => floor8(new BigNumber(price).times(quantity).div(leverage))
const feeOf = (price: string, quantity: string) => floor8(new BigNumber(price).times(quantity).times(RATE))
/** A long's liquidation price at 2 decimals, rounded up: (E×Q − M) ÷ (Q × (1 − mmr)). */
const longLiquidation = (price: string, quantity: string, margin: BigNumber, mmr = '0.005') =>
  new BigNumber(price).times(quantity).minus(margin).div(new BigNumber(quantity).times(new BigNumber(1).minus(mmr))).toFixed(2, BigNumber.ROUND_CEIL)

let server: TestServer
let user: Funded
beforeAll(async () => {
  server = await startServer()
  server.clock.now = T0
  user = await fundedUser(server, 'trader@contracts.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }])
})
afterAll(() => server.close())

const post = (path: string, form: Record<string, string>, extra: Record<string, string> = {}) => server.post(path, form, { ...user.headers, ...extra })
const contractUsdt = () => balanceOf(server, user.userId, 2, 'USDT')

describe('terms', () => {
  it('are public: fees, and per USDT pair the multiples, maintenance margin rate and minimum', async () => {
    const answer = await server.post(CONTRACT_PATHS.config, {})
    expect(answer.json.code).toBe(1)
    expect(answer.json.data).toMatchObject({ openFeeRate: RATE, closeFeeRate: RATE })
    expect(answer.json.data.pairs.map((pair: { symbol: string }) => pair.symbol)).toEqual(['btcusdt', 'ethusdt', 'ltcusdt', 'eosusdt', 'adausdt', 'xrpusdt', 'dogeusdt'])
    expect(answer.json.data.pairs[0]).toEqual({ symbol: 'btcusdt', base: 'BTC', leverages: [1, 2, 5, 10, 20, 50, 100], maintenanceMarginRate: '0.005', minQuantity: '0.001' })
    expect(answer.json.data.pairs[6]).toMatchObject({ symbol: 'dogeusdt', leverages: [1, 2, 5, 10, 20, 50], maintenanceMarginRate: '0.01' })
  })
})

describe('a market entry and its changes', () => {
  const E = lastAt('btcusdt', T0)
  const margin = marginOf(E, '0.01', 20)
  const fee = feeOf(E, '0.01')
  let id: string

  it('holds the margin at the instant’s price, pays the fee and shows the liquidation price', async () => {
    const position = await opened(server, user.headers, { direction: '1', leverage: '20', quantity: '0.01' })
    id = position.id
    expect(position).toMatchObject({
      status: POSITION_STATUS.holding, direction: 1, leverage: 20, entryType: 1, entryPrice: E, quantity: '0.01', openedQuantity: '0.01',
      margin: margin.toFixed(), openFee: fee.toFixed(), liquidationPrice: longLiquidation(E, '0.01', margin), stopLoss: '', takeProfit: '',
      closeFee: '0', realizedPnl: '0', closeReason: null, result: null, exitPrice: '', createdAt: T0, openedAt: T0, closedAt: null,
    })
    expect(await contractUsdt()).toEqual({ available: new BigNumber(1000).minus(margin).minus(fee).toFixed(), frozen: margin.toFixed() })
    expect(await withDb(server, (db) => entriesOf(db, id))).toEqual([
      { kind: 'contract_open', postings: { 'user:available': margin.plus(fee).negated().toFixed(), 'user:frozen': margin.toFixed(), fees: fee.toFixed() } },
    ])
    const records = await post('/contract/contract/getAssetsRecord', { tradeType: String(RECORD_TYPES.futures) })
    expect(records.json.data.list[0]).toMatchObject({ accountType: 2, currency: 'USDT', amount: margin.plus(fee).negated().toFixed(), fee: fee.toFixed(), status: RECORD_STATUS.finished })
  })

  it('adds margin: the liquidation price moves away', async () => {
    const added = await succeeded(post(CONTRACT_PATHS.addMargin, { id, amount: '10' }))
    expect(added).toMatchObject({ margin: margin.plus(10).toFixed(), liquidationPrice: longLiquidation(E, '0.01', margin.plus(10)) })
    expect((await contractUsdt()).frozen).toBe(margin.plus(10).toFixed())
    expect((await withDb(server, (db) => entriesOf(db, id))).at(-1)).toEqual({ kind: 'contract_margin', postings: { 'user:available': '-10', 'user:frozen': '10' } })
  })

  it('sets and removes stops, refusing one on the wrong side', async () => {
    const [below, above] = [priceOf('btcusdt', ticksOf('btcusdt', E) - 5000), priceOf('btcusdt', ticksOf('btcusdt', E) + 5000)]
    expect(await succeeded(post(CONTRACT_PATHS.editStops, { id, stopLoss: below, takeProfit: above }))).toMatchObject({ stopLoss: below, takeProfit: above })
    expect((await post(CONTRACT_PATHS.editStops, { id, stopLoss: above })).json).toEqual({ code: 0, msg: SERVER_MESSAGES.contractStopLossInvalid, data: null })
    expect((await post(CONTRACT_PATHS.editStops, { id, takeProfit: below })).json).toEqual({ code: 0, msg: SERVER_MESSAGES.contractTakeProfitInvalid, data: null })
    expect(await succeeded(post(CONTRACT_PATHS.editStops, { id }))).toMatchObject({ stopLoss: '', takeProfit: '' })
  })

  it('closes part, then the rest, at each instant’s price, with the P/L and close fee on each part', async () => {
    const held = margin.plus(10)
    const steps: Array<[number, string | undefined, string]> = [[T0 + 30_000, '0.004', '0.004'], [T0 + 90_000, undefined, '0.006']]
    let frozen = held
    let available = new BigNumber((await contractUsdt()).available)
    let realized = new BigNumber(0)
    let closeFees = new BigNumber(0)
    for (const [at, quantity, part] of steps) {
      server.clock.now = at
      const X = lastAt('btcusdt', at)
      const released = quantity === undefined ? frozen : floor8(frozen.times(part).div('0.01'))
      const pnl = new BigNumber(X).minus(E).times(part)
      const closeFee = feeOf(X, part)
      const payout = released.plus(pnl).minus(closeFee)
      const after = await succeeded(post(CONTRACT_PATHS.close, quantity === undefined ? { id } : { id, quantity }))
      realized = realized.plus(pnl)
      closeFees = closeFees.plus(closeFee)
      frozen = frozen.minus(released)
      available = available.plus(payout)
      expect(after).toMatchObject({ exitPrice: X, realizedPnl: realized.toFixed(), closeFee: closeFees.toFixed(), margin: frozen.toFixed() })
      // Each close, partial or whole, is a row of the position's history and says what it closed.
      expect(after.closes.at(-1)).toEqual({ quantity: part, price: X, pnl: pnl.toFixed(), fee: closeFee.toFixed(), reason: 1, closedAt: at })
      const record = (await post('/contract/contract/getAssetsRecord', { tradeType: String(RECORD_TYPES.futures) })).json.data.list[0]
      expect(record).toMatchObject({ kind: 'futuresClose', params: { positionId: id, symbol: 'BTC/USDT', direction: 'long', leverage: '20', reason: 'user', quantity: part, price: X, pnl: pnl.toFixed() } })
      expect(await contractUsdt()).toEqual({ available: available.toFixed(), frozen: frozen.toFixed() })
      const house = released.minus(payout).minus(closeFee)
      expect((await withDb(server, (db) => entriesOf(db, id))).at(-1)).toEqual({
        kind: 'contract_close',
        postings: Object.fromEntries(Object.entries({ 'user:frozen': released.negated(), 'user:available': payout, fees: closeFee, house }).filter(([, v]) => !v.isZero()).map(([k, v]) => [k, v.toFixed()])),
      })
    }
    const done = await detail(server, user.headers, id)
    const win = realized.minus(fee).minus(closeFees).isGreaterThan(0)
    expect(done).toMatchObject({ status: POSITION_STATUS.finished, closeReason: 1, result: win ? 1 : 2, quantity: '0', closedAt: T0 + 90_000 })
    expect(done.closes.map((close: { quantity: string }) => close.quantity)).toEqual(['0.004', '0.006'])
    expect((await post(CONTRACT_PATHS.close, { id })).json).toEqual({ code: 0, msg: SERVER_MESSAGES.contractNotHolding, data: null })
    expect(await withDb(server, heldProblems)).toEqual([])
  })
})

describe('a limit entry', () => {
  it('holds margin and fee at its price until cancelled, then gives all of it back', async () => {
    server.clock.now = T0 + 600_000
    const last = ticksOf('ethusdt', lastAt('ethusdt', server.clock.now))
    const limit = priceOf('ethusdt', Math.round(last * 0.95))
    const before = await contractUsdt()
    const position = await opened(server, user.headers, { symbol: 'ethusdt', direction: '1', leverage: '10', entryType: '2', price: limit, quantity: '0.1' })
    const held = marginOf(limit, '0.1', 10).plus(feeOf(limit, '0.1'))
    expect(position).toMatchObject({ status: POSITION_STATUS.pending, limitPrice: limit, entryPrice: '', liquidationPrice: '', openedAt: null, margin: marginOf(limit, '0.1', 10).toFixed() })
    expect(await contractUsdt()).toEqual({ available: new BigNumber(before.available).minus(held).toFixed(), frozen: held.toFixed() })
    expect((await succeeded(post(CONTRACT_PATHS.positions, { symbol: 'ethusdt' }))).map((p: { id: string }) => p.id)).toEqual([position.id])
    const cancelled = await succeeded(post(CONTRACT_PATHS.cancel, { id: position.id }))
    expect(cancelled).toMatchObject({ status: POSITION_STATUS.cancelled, closeReason: null, result: null })
    expect(await contractUsdt()).toEqual(before)
    expect((await post(CONTRACT_PATHS.cancel, { id: position.id })).json.msg).toBe(SERVER_MESSAGES.contractNotCancellable)
    const finished = await succeeded(post(CONTRACT_PATHS.history, { status: '2' }))
    expect(finished.list.map((p: { id: string }) => p.id)).toContain(position.id)
    expect(await withDb(server, (db) => db.get('SELECT status, actual_arrival FROM asset_records WHERE id = (SELECT record_id FROM contract_positions WHERE id = ?)', Number(position.id)))).toEqual({ status: 1, actual_arrival: held.toFixed() })
  })
})

describe('one idempotency key sent 20 times at once', () => {
  it('opens once and closes once, answering the same bytes every time', async () => {
    server.clock.now = T0 + 900_000
    const ids = () => withDb(server, async (db) => (await db.all('SELECT id FROM contract_positions WHERE user_id = ?', user.userId)).length)
    const count = await ids()
    const form = { symbol: 'btcusdt', direction: '2', leverage: '50', entryType: '1', quantity: '0.002' }
    const opens = await Promise.all(Array.from({ length: 20 }, () => post(CONTRACT_PATHS.open, form, { [IDEMPOTENCY_HEADER]: 'contract-open-0001' })))
    for (const answer of opens) expect(answer.text).toBe(opens[0]?.text)
    expect(await ids()).toBe(count + 1)
    const id = opens[0]?.json.data.id
    const closes = await Promise.all(Array.from({ length: 20 }, () => post(CONTRACT_PATHS.close, { id }, { [IDEMPOTENCY_HEADER]: 'contract-close-001' })))
    for (const answer of closes) expect(answer.text).toBe(closes[0]?.text)
    expect(closes[0]?.json.data).toMatchObject({ status: POSITION_STATUS.finished })
    expect((await withDb(server, (db) => entriesOf(db, id))).map((entry) => entry.kind)).toEqual(['contract_open', 'contract_close'])
    expect((await post(CONTRACT_PATHS.open, { ...form, quantity: '0.003' }, { [IDEMPOTENCY_HEADER]: 'contract-open-0001' })).json.msg).toBe(SERVER_MESSAGES.idempotencyKeyReused)
  })
})

describe('operators', () => {
  it('list the terms and change them for the positions opened next, refusing nonsense', async () => {
    await withDb(server, async (db) => {
      expect(await contractsCommand(db, ['list'])).toMatchObject({ exitCode: 0, out: expect.stringContaining('btcusdt\t1,2,5,10,20,50,100×\tmmr 0.005\tmin 0.001') })
      expect(await contractsCommand(db, ['set', 'btcusdt', '1,2,5', '0.02', '0.002'])).toMatchObject({ exitCode: 0 })
      expect(await contractsCommand(db, ['set', 'btcusdt', '1,2,50', '0.02', '0.002'])).toMatchObject({ exitCode: 1, err: expect.stringContaining('50×') })
      for (const args of [['ethbtc', '1,2', '0.01', '1'], ['btcusdt', '2,1', '0.01', '1'], ['btcusdt', '1,x', '0.01', '1'], ['btcusdt', '1,2', '1', '1'], ['btcusdt', '1,2', '0.01', '0.0000001']]) {
        expect((await contractsCommand(db, ['set', ...args])).exitCode, args.join(' ')).toBe(1)
      }
      expect(await contractsCommand(db, ['set', 'btcusdt'])).toMatchObject({ exitCode: 2 })
    })
  })

  it('whose edit the next opening uses', async () => {
    expect((await openCall(server, user.headers, { direction: '1', leverage: '20', quantity: '0.002' })).json.msg).toBe(SERVER_MESSAGES.contractLeverageNotOffered)
    expect((await openCall(server, user.headers, { direction: '1', leverage: '5', quantity: '0.001' })).json.msg).toBe(SERVER_MESSAGES.amountBelowMinimum)
    await withDb(server, (db) => contractsCommand(db, ['set', 'btcusdt', '1,2,5,10,20,50,100', '0.005', '0.001']))
  })
})
