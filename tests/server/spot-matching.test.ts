// Spot matching against the real server and its database, at instants the test chooses: fills
// against the feed's book of that very instant, price-time priority among users, users before the
// feed at one price, self-trade prevention, post-only, and the fee maths to the last decimal.
import { BigNumber } from 'bignumber.js'
import { afterEach, describe, expect, it } from 'vitest'
import { COUNTERPARTIES, FILL_ROLES, ORDER_STATUS, SPOT_PATHS } from '../../src/contract/spot.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { balanceOf, fundedUser, snapshot, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { depthAt, detail, lastAt, place, placed, shifted, sum } from './spot-fixtures.ts'

let server: TestServer
afterEach(() => server.close())

const cost = (fills: { quoteAmount: string; fee: string }[]) => sum(fills.map((fill) => new BigNumber(fill.quoteAmount).plus(fill.fee)))
const cutFee = (value: string, rate: string) => new BigNumber(value).times(rate).decimalPlaces(8, BigNumber.ROUND_DOWN).toFixed()

describe('against the feed', () => {
  it('a market buy walks the asks of its instant level by level, and the money moves by exactly the fills', async () => {
    server = await startServer()
    const buyer = await fundedUser(server, 'taker@spot.test', [{ currency: 'USDT', amount: '1000000' }])
    const asks = depthAt('btcusdt', server.clock.now).asks
    // Enough for the first two levels whole and some of the third.
    const firstTwo = sum(asks.slice(0, 2).map(([price, amount]) => new BigNumber(price).times(amount).times('1.001')))
    const total = firstTwo.plus(new BigNumber(asks[2]?.[0] ?? '0').times('0.0005')).toFixed(2, BigNumber.ROUND_UP)
    const order = await placed(server, buyer.headers, { side: '1', type: '2', total })
    const { fills } = await detail(server, buyer.headers, order.id)

    expect(fills.map((fill: { price: string }) => fill.price)).toEqual(asks.slice(0, 3).map(([price]) => price))
    expect(fills.slice(0, 2).map((fill: { amount: string }) => fill.amount)).toEqual(asks.slice(0, 2).map(([, amount]) => new BigNumber(amount).toFixed()))
    for (const fill of fills) {
      expect(fill).toMatchObject({ role: FILL_ROLES.taker, counterparty: COUNTERPARTIES.market, at: server.clock.now })
      expect(fill.quoteAmount).toBe(new BigNumber(fill.price).times(fill.amount).decimalPlaces(8, BigNumber.ROUND_DOWN).toFixed())
      expect(fill.fee).toBe(cutFee(fill.quoteAmount, '0.001'))
    }
    expect(order.status).toBe(ORDER_STATUS.filled)
    expect(await balanceOf(server, buyer.userId, 1, 'USDT')).toEqual({ available: new BigNumber(1000000).minus(cost(fills)).toFixed(), frozen: '0' })
    expect((await balanceOf(server, buyer.userId, 1, 'BTC')).available).toBe(sum(fills.map((fill: { amount: string }) => fill.amount)).toFixed())
    expect((await snapshot(server)).differences).toEqual([])
  })

  it('a limit buy takes its own price’s users first, then the feed there, and rests the rest; cancel returns it exactly', async () => {
    server = await startServer()
    const seller = await fundedUser(server, 'maker@spot.test', [{ currency: 'BTC', amount: '1' }])
    const buyer = await fundedUser(server, 'buyer@spot.test', [{ currency: 'USDT', amount: '100000' }])
    const [[bestAsk = '', feedAmount = ''] = []] = depthAt('btcusdt', server.clock.now).asks
    const resting = await placed(server, seller.headers, { side: '2', type: '1', price: bestAsk, amount: '0.002' })
    expect(resting.status).toBe(ORDER_STATUS.open)

    const amount = new BigNumber(feedAmount).plus('0.003').toFixed()
    const order = await placed(server, buyer.headers, { side: '1', type: '1', price: bestAsk, amount })
    const { fills } = await detail(server, buyer.headers, order.id)
    expect(fills.map((fill: { counterparty: number; amount: string; price: string }) => [fill.counterparty, fill.amount, fill.price])).toEqual([
      [COUNTERPARTIES.user, '0.002', bestAsk],
      [COUNTERPARTIES.market, new BigNumber(feedAmount).toFixed(), bestAsk],
    ])
    expect(order).toMatchObject({ status: ORDER_STATUS.open, filled: new BigNumber(feedAmount).plus('0.002').toFixed() })
    const makerSide = await detail(server, seller.headers, resting.id)
    expect(makerSide).toMatchObject({ status: ORDER_STATUS.filled, filled: '0.002' })
    expect(makerSide.fills[0]).toMatchObject({ role: FILL_ROLES.maker, counterparty: COUNTERPARTIES.user, fee: cutFee(makerSide.fills[0].quoteAmount, '0.001') })
    expect((await balanceOf(server, seller.userId, 1, 'USDT')).available).toBe(new BigNumber(makerSide.fills[0].quoteAmount).minus(makerSide.fills[0].fee).toFixed())

    const cancelled = await server.post(SPOT_PATHS.cancel, { id: order.id }, buyer.headers)
    expect(cancelled.json.data).toMatchObject({ status: ORDER_STATUS.cancelled })
    expect(await balanceOf(server, buyer.userId, 1, 'USDT')).toEqual({ available: new BigNumber(100000).minus(cost(fills)).toFixed(), frozen: '0' })
    expect((await server.post(SPOT_PATHS.cancel, { id: order.id }, buyer.headers)).json.msg).toBe(SERVER_MESSAGES.spotNotCancellable)
    expect((await snapshot(server)).differences).toEqual([])
  })
})

describe('among users (the exchange’s own book)', () => {
  it('fills the best price first, then the earliest order at a price, never a user with themself', async () => {
    server = await startServer({ spotFeedLiquidity: false })
    const last = lastAt('btcusdt', server.clock.now)
    const high = shifted(last, '0.01', 2)
    const better = new BigNumber(high).minus('0.01').toFixed(2)
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map((name) => fundedUser(server, `${name}@book.test`, [{ currency: 'BTC', amount: '1' }, { currency: 'USDT', amount: '10000' }])))
    if (!a || !b || !c || !d) throw new Error('users')
    const first = await placed(server, a.headers, { side: '2', type: '1', price: high, amount: '0.01' })
    const second = await placed(server, b.headers, { side: '2', type: '1', price: high, amount: '0.01' })
    const cheapest = await placed(server, c.headers, { side: '2', type: '1', price: better, amount: '0.01' })

    const taker = await placed(server, d.headers, { side: '1', type: '1', price: high, amount: '0.025' })
    expect(taker).toMatchObject({ status: ORDER_STATUS.filled, filled: '0.025' })
    const states = await Promise.all([detail(server, c.headers, cheapest.id), detail(server, a.headers, first.id), detail(server, b.headers, second.id)])
    expect(states.map((state) => [state.status, state.filled])).toEqual([[ORDER_STATUS.filled, '0.01'], [ORDER_STATUS.filled, '0.01'], [ORDER_STATUS.open, '0.005']])
    const { fills } = await detail(server, d.headers, taker.id)
    expect(fills.map((fill: { price: string; amount: string }) => [fill.price, fill.amount])).toEqual([[better, '0.01'], [high, '0.01'], [high, '0.005']])
    // The buyer held price × amount × 1.001 and got back what the better price saved.
    expect(await balanceOf(server, d.userId, 1, 'USDT')).toEqual({ available: new BigNumber(10000).minus(cost(fills)).toFixed(), frozen: '0' })

    // b still offers 0.005 at `high`; b's own buy there does not meet it and rests beside it.
    const own = await placed(server, b.headers, { side: '1', type: '1', price: high, amount: '0.001' })
    expect(own).toMatchObject({ status: ORDER_STATUS.open, filled: '0' })
    expect((await detail(server, b.headers, second.id)).filled).toBe('0.005')
    expect((await snapshot(server)).differences).toEqual([])
  })

  it('charges the maker and taker rates the operator set, cut to 8 decimals', async () => {
    server = await startServer({ spotFeedLiquidity: false })
    await withDb(server, async (db) => {
      await db.run("UPDATE params SET value = '0.0015' WHERE name = 'spot_maker_fee_rate'")
      await db.run("UPDATE params SET value = '0.0025' WHERE name = 'spot_taker_fee_rate'")
    })
    const price = shifted(lastAt('ethusdt', server.clock.now), '0.003', 2)
    const maker = await fundedUser(server, 'm@fees.test', [{ currency: 'ETH', amount: '3' }])
    const taker = await fundedUser(server, 't@fees.test', [{ currency: 'USDT', amount: '50000' }])
    await placed(server, maker.headers, { symbol: 'ethusdt', side: '2', type: '1', price, amount: '1.2345' })
    const order = await placed(server, taker.headers, { symbol: 'ethusdt', side: '1', type: '1', price, amount: '1.2345' })
    const value = new BigNumber(price).times('1.2345').decimalPlaces(8, BigNumber.ROUND_DOWN)
    expect(order).toMatchObject({ filledQuote: value.toFixed(), fee: cutFee(value.toFixed(), '0.0025') })
    expect((await balanceOf(server, taker.userId, 1, 'USDT')).available).toBe(new BigNumber(50000).minus(value).minus(cutFee(value.toFixed(), '0.0025')).toFixed())
    expect((await balanceOf(server, maker.userId, 1, 'USDT')).available).toBe(value.minus(cutFee(value.toFixed(), '0.0015')).toFixed())
    expect(await balanceOf(server, maker.userId, 1, 'ETH')).toEqual({ available: '1.7655', frozen: '0' })
  })
})

describe('post-only', () => {
  it('is refused, changing nothing, when it would take — from a user or from the feed — and rests otherwise', async () => {
    server = await startServer()
    const seller = await fundedUser(server, 'po-s@spot.test', [{ currency: 'BTC', amount: '1' }])
    const buyer = await fundedUser(server, 'po-b@spot.test', [{ currency: 'USDT', amount: '10000' }])
    const { bids, asks } = depthAt('btcusdt', server.clock.now)
    const inside = new BigNumber(bids[0]?.[0] ?? '0').plus(asks[0]?.[0] ?? '0').div(2).toFixed(2, BigNumber.ROUND_DOWN)
    await placed(server, seller.headers, { side: '2', type: '1', price: inside, amount: '0.001' })
    const before = await snapshot(server)
    for (const price of [inside, asks[0]?.[0] ?? '']) {
      const refused = await place(server, buyer.headers, { side: '1', type: '1', price, amount: '0.001', postOnly: '1' })
      expect(refused.json).toEqual({ code: 0, msg: SERVER_MESSAGES.spotPostOnlyWouldTake, data: null })
    }
    expect(await snapshot(server)).toEqual(before)
    const resting = await placed(server, buyer.headers, { side: '1', type: '1', price: bids[0]?.[0] ?? '', amount: '0.001', postOnly: '1' })
    expect(resting).toMatchObject({ status: ORDER_STATUS.open, postOnly: true, filled: '0' })
  })
})
