// The asset calls as the app makes them: account lists, records paging, transfer and exchange
// priced at the feed's close.
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS, CURRENCIES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { BB_OK, SESSION_EXPIRED } from '../../src/contract/envelopes.ts'
import { MARKET_PATHS } from '../../src/contract/market.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { startServer, type TestServer } from './harness.ts'
import { balanceOf, type Funded, fundedUser, snapshot, withDb } from './assets-support.ts'

let server: TestServer
let alice: Funded
beforeAll(async () => {
  server = await startServer()
  alice = await fundedUser(server, 'alice@assets.test', [
    { currency: 'USDT', amount: '1000' },
    { currency: 'BTC', amount: '0.5' },
  ])
})
afterAll(() => server.close())

describe('accounts', () => {
  it('lists every currency the account holds in catalogue order, zeros included: spot all, contract USDT', async () => {
    const spot = await server.post(ASSET_PATHS.accounts, { accountType: '1' }, alice.headers)
    expect(spot.json.code).toBe(BB_OK)
    expect(spot.json.data.map((row: { currencyName: string }) => row.currencyName)).toEqual([...CURRENCIES])
    expect(spot.json.data[0]).toEqual({ currencyName: 'USDT', availableCurrency: '1000', frozenCurrency: '0' })
    expect(spot.json.data[1]).toEqual({ currencyName: 'BTC', availableCurrency: '0.5', frozenCurrency: '0' })
    const contract = await server.post(ASSET_PATHS.accounts, { accountType: '2' }, alice.headers)
    expect(contract.json.data).toEqual([{ currencyName: 'USDT', availableCurrency: '0', frozenCurrency: '0' }])
  })

  it('refuses a coin other than USDT into the contract account, and lets one already there go back', async () => {
    // A balance from before the contract account held USDT alone.
    const holder = await fundedUser(server, 'held-before@assets.test', [{ currency: 'BTC', amount: '0.3' }, { currency: 'ETH', amount: '2', accountType: 2 }])
    const before = await snapshot(server)
    const into = await server.post(ASSET_PATHS.transfer, { amount: '0.1', currency: 'BTC', type: '1' }, holder.headers)
    expect(into.json).toEqual({ code: 0, msg: SERVER_MESSAGES.contractHoldsUsdtOnly, data: null })
    expect(await snapshot(server)).toEqual(before)
    const listed = async () => (await server.post(ASSET_PATHS.accounts, { accountType: '2' }, holder.headers)).json.data
    expect(await listed()).toEqual([
      { currencyName: 'USDT', availableCurrency: '0', frozenCurrency: '0' },
      { currencyName: 'ETH', availableCurrency: '2', frozenCurrency: '0' },
    ])
    const back = await server.post(ASSET_PATHS.transfer, { amount: '2', currency: 'ETH', type: '2' }, holder.headers)
    expect(back.json.code).toBe(BB_OK)
    expect(await listed()).toEqual([{ currencyName: 'USDT', availableCurrency: '0', frozenCurrency: '0' }])
  })

  it('needs a session and a known account type', async () => {
    const anonymous = await server.post(ASSET_PATHS.accounts, { accountType: '1' })
    expect(anonymous.json).toEqual({ code: SESSION_EXPIRED, msg: SERVER_MESSAGES.pleaseLogin, data: null })
    const wrong = await server.post(ASSET_PATHS.accounts, { accountType: '3' }, alice.headers)
    expect(wrong.json).toEqual({ code: 0, msg: SERVER_MESSAGES.invalidAccountType, data: null })
  })
})

describe('transfer', () => {
  it('moves money between the two accounts and answers code 1 with the record', async () => {
    const answer = await server.post(ASSET_PATHS.transfer, { amount: '100.5', currency: 'usdt', type: '1' }, alice.headers)
    expect(answer.json).toMatchObject({ code: BB_OK, data: { accountType: 1, tradeType: RECORD_TYPES.transferOut, currency: 'USDT', amount: '-100.5', actualArrival: '100.5', status: RECORD_STATUS.finished } })
    expect((await balanceOf(server, alice.userId, 1, 'USDT')).available).toBe('899.5')
    expect((await balanceOf(server, alice.userId, 2, 'USDT')).available).toBe('100.5')
    const back = await server.post(ASSET_PATHS.transfer, { amount: '0.5', currency: 'USDT', type: '2' }, alice.headers)
    expect(back.json.code).toBe(BB_OK)
    expect((await balanceOf(server, alice.userId, 2, 'USDT')).available).toBe('100')
    expect((await snapshot(server)).differences).toEqual([])
  })
})

/** The feed's close of a pair, as the market list shows it. */
const closeOf = async (symbol: string): Promise<string> => {
  const prices = await server.post(MARKET_PATHS.prices, {})
  return prices.json.data.find((item: { symbol: string }) => item.symbol === symbol).close
}

const feeRateOf = async (): Promise<string> =>
  (await server.post(ASSET_PATHS.exchangeQuote, { from: 'USDT', to: 'BTC', amount: '100' }, alice.headers)).json.data.feeRate
const setRate = (value: string) =>
  withDb(server, (db) => db.run("UPDATE params SET value = ? WHERE name = 'exchange_fee_rate'", value))

describe('exchange', () => {
  it("quotes at the feed's close with the stated fee, truncated to 8 decimals", async () => {
    const quote = await server.post(ASSET_PATHS.exchangeQuote, { from: 'BTC', to: 'ETH', amount: '0.1' }, alice.headers)
    const [btc, eth] = [await closeOf('btcusdt'), await closeOf('ethusdt')]
    const gross = new BigNumber(btc).div(eth).times('0.1').decimalPlaces(8, BigNumber.ROUND_DOWN)
    const fee = gross.times('0.002').decimalPlaces(8, BigNumber.ROUND_DOWN)
    expect(quote.json).toEqual({
      code: BB_OK,
      msg: SERVER_MESSAGES.ok,
      data: {
        from: 'BTC',
        to: 'ETH',
        amount: '0.1',
        rate: new BigNumber(btc).div(eth).decimalPlaces(12, BigNumber.ROUND_DOWN).toFixed(),
        fee: fee.toFixed(),
        feeRate: '0.002',
        receive: gross.minus(fee).toFixed(),
      },
    })
  })

  it('exchanges atomically in the spot account, the fee to the exchange', async () => {
    const btcPrice = await closeOf('btcusdt')
    const answer = await server.post(ASSET_PATHS.exchange, { from: 'BTC', to: 'USDT', amount: '0.2' }, alice.headers)
    const gross = new BigNumber(btcPrice).times('0.2').decimalPlaces(8, BigNumber.ROUND_DOWN)
    const fee = gross.times('0.002').decimalPlaces(8, BigNumber.ROUND_DOWN)
    expect(answer.json).toMatchObject({
      code: BB_OK,
      data: { tradeType: RECORD_TYPES.exchange, currency: 'BTC', amount: '-0.2', fee: fee.toFixed(), actualArrival: gross.minus(fee).toFixed(), arrivalCurrency: 'USDT' },
    })
    expect((await balanceOf(server, alice.userId, 1, 'BTC')).available).toBe('0.3')
    expect((await balanceOf(server, alice.userId, 1, 'USDT')).available).toBe(gross.minus(fee).plus('900').toFixed())
    expect((await snapshot(server)).differences).toEqual([])
  })

  it('charges the fee rate an operator sets, and ignores one that makes no sense', async () => {
    await setRate('0.001')
    expect(await feeRateOf()).toBe('0.001')
    for (const nonsense of ['1.5', '-0.1', 'abc', '']) {
      await setRate(nonsense)
      expect(await feeRateOf(), nonsense).toBe('0.002')
    }
    await setRate('0.002')
  })

  it('refuses the same currency twice and more than the balance', async () => {
    const same = await server.post(ASSET_PATHS.exchangeQuote, { from: 'ETH', to: 'eth', amount: '1' }, alice.headers)
    expect(same.json).toEqual({ code: 0, msg: SERVER_MESSAGES.sameCurrency, data: null })
    const before = await snapshot(server)
    const tooMuch = await server.post(ASSET_PATHS.exchange, { from: 'BTC', to: 'USDT', amount: '5' }, alice.headers)
    expect(tooMuch.json).toEqual({ code: 0, msg: SERVER_MESSAGES.insufficientBalance, data: null })
    expect(await snapshot(server)).toEqual(before)
  })
})

describe('records', () => {
  it('pages newest first with the total as sum, only the caller’s own, filtered by kind and account', async () => {
    const bob = await fundedUser(server, 'bob@assets.test', [{ currency: 'ETH', amount: '1' }])
    const page1 = await server.post(ASSET_PATHS.records, { pageNo: '1', pageSize: '3' }, alice.headers)
    // alice: 2 credits, 2 transfers × 2 records, 1 exchange
    expect(page1.json.data.sum).toBe(7)
    expect(page1.json.data.list.map((r: { tradeType: number }) => r.tradeType)).toEqual([
      RECORD_TYPES.exchange,
      RECORD_TYPES.transferIn,
      RECORD_TYPES.transferOut,
    ])
    const page3 = await server.post(ASSET_PATHS.records, { pageNo: '3', pageSize: '3' }, alice.headers)
    expect(page3.json.data.list).toHaveLength(1)
    expect(page3.json.data.list[0]).toMatchObject({ tradeType: RECORD_TYPES.credit, currency: 'USDT', amount: '1000' })
    const byDefault = await server.post(ASSET_PATHS.records, {}, alice.headers)
    expect(byDefault.json.data.list).toHaveLength(7)
    const contractOnly = await server.post(ASSET_PATHS.records, { accountType: '2', tradeType: String(RECORD_TYPES.transferIn) }, alice.headers)
    expect(contractOnly.json.data).toMatchObject({ sum: 1, list: [{ accountType: 2, amount: '100.5' }] })
    const btc = await server.post(ASSET_PATHS.records, { currency: 'btc' }, alice.headers)
    expect(btc.json.data.sum).toBe(2)
    const bobs = await server.post(ASSET_PATHS.records, {}, bob.headers)
    expect(bobs.json.data).toMatchObject({ sum: 1, list: [{ currency: 'ETH' }] })
    const ids = new Set(page1.json.data.list.map((r: { id: string }) => r.id))
    expect(ids.has(bobs.json.data.list[0].id)).toBe(false)
  })
})
