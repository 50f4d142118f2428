// The spot screens' pure rules (src/features/spot/logic.ts): the form's checks in the server's
// order and words, the share of the balance an amount takes, the estimates, the book's grid and
// the search the screen reads. (tests/unit/spot-logic.test.ts pins the server's matching rules.)
import { BigNumber } from 'bignumber.js'
import { assert, integer, property } from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_SIDES, ORDER_STATUS, ORDER_TYPES } from '../../src/contract/spot.ts'
import {
  amountForShare, availableOf, checkOrder, coinText, emptyForm, estimateOrder, holdOf, holdRate, isCancellable, pairRules, pickPrice,
  SPOT_MESSAGES, stepPrecision, stepSize, withType, type MarketTerms, type SpotForm,
} from '../../src/features/spot/logic'
import { parseSpotSearch, validSpotSearch } from '../../src/features/spot/pair-search'

const BTC = pairRules({ symbol: 'btcusdt', base: 'BTC', quote: 'USDT' })
const MARKET: MarketTerms = { lastPrice: '60000', priceBand: '0.1', makerFeeRate: '0.001', takerFeeRate: '0.001' }
const buy = (over: Partial<SpotForm> = {}): SpotForm => ({ ...emptyForm(ORDER_SIDES.buy), price: '60000', amount: '0.1', ...over })
const sell = (over: Partial<SpotForm> = {}): SpotForm => ({ ...emptyForm(ORDER_SIDES.sell), price: '60000', amount: '0.1', ...over })
const refusal = (form: SpotForm, available: string | null = null, market = MARKET) => {
  const refused = checkOrder(form, BTC, market, available)
  return refused && { field: refused.field, id: refused.message.id }
}

describe('the pair rules', () => {
  it('take the price digits of the pair, the amount digits of the base coin and the minimum of the quote coin', () => {
    expect(BTC).toMatchObject({ pricePrecision: 2, amountPrecision: 6, minNotional: '5' })
    expect(pairRules({ symbol: 'dogeeth', base: 'DOGE', quote: 'ETH' })).toMatchObject({ pricePrecision: 9, amountPrecision: 2, minNotional: '0.002' })
  })
})

describe('checking a limit order', () => {
  it('needs a positive price at the pair precision within the band of the last price', () => {
    expect(refusal(buy({ price: '' }))).toEqual({ field: 'price', id: SPOT_MESSAGES.needsPrice.id })
    expect(refusal(buy({ price: '0' }))?.id).toBe('An order needs a suitable price')
    expect(refusal(buy({ price: '-5' }))?.id).toBe('An order needs a suitable price')
    expect(refusal(buy({ price: '6e4' }))?.id).toBe('An order needs a suitable price')
    expect(refusal(buy({ price: '60000.123' }))?.id).toBe('The price has too many decimal places for this pair')
    expect(refusal(buy({ price: '66000.01' }))?.id).toBe('The price is too far from the market price')
    expect(refusal(buy({ price: '53999.99' }))?.id).toBe('The price is too far from the market price')
    expect(refusal(buy({ price: '66000' }))).toBeNull()
    expect(refusal(buy({ price: '54000.00' }))).toBeNull()
  })
  it('leaves the band to the server while the last price is unknown', () => {
    expect(refusal(buy({ price: '90000' }), null, { ...MARKET, lastPrice: null })).toBeNull()
  })
  it('checks a stop-limit trigger first, and refuses one at the last price', () => {
    const stop = buy({ type: ORDER_TYPES.stopLimit, price: '', triggerPrice: '60000' })
    expect(refusal(stop)).toEqual({ field: 'triggerPrice', id: 'The trigger price must differ from the last price' })
    expect(refusal({ ...stop, triggerPrice: '61000' })).toEqual({ field: 'price', id: 'An order needs a suitable price' })
    expect(refusal({ ...stop, triggerPrice: '70000', price: '61000' })?.id).toBe('The price is too far from the market price')
    expect(refusal({ ...stop, triggerPrice: '61000', price: '61000' })).toBeNull()
  })
  it('takes the amount as money first, then at the base coin digits', () => {
    expect(refusal(buy({ amount: '' }))).toEqual({ field: 'amount', id: 'Please enter a valid amount' })
    expect(refusal(buy({ amount: 'abc' }))?.id).toBe('Please enter a valid amount')
    expect(refusal(buy({ amount: '0' }))?.id).toBe('The amount must be greater than zero')
    expect(refusal(buy({ amount: '0.123456789' }))?.id).toBe('The amount can have at most 8 decimal places')
    expect(refusal(buy({ amount: '0.1234567' }))?.id).toBe('The amount has too many decimal places for this pair')
    expect(refusal(buy({ amount: '0.123456' }))).toBeNull()
  })
  it('refuses an order worth less than the quote coin minimum', () => {
    expect(refusal(buy({ amount: '0.00008' }))).toEqual({ field: 'amount', id: 'The number of inputs is less than the minimum limit' })
    expect(refusal(buy({ amount: '0.000084' }))).toBeNull()
  })
  it('holds a buy value and its fee at the higher rate, rounded up, against the quote balance', () => {
    // 60000 × 0.1 × 1.002 = 6012
    const market = { ...MARKET, makerFeeRate: '0.002' }
    expect(refusal(buy(), '6011.99999999', market)).toEqual({ field: 'amount', id: 'Insufficient available balance' })
    expect(refusal(buy(), '6012', market)).toBeNull()
    expect(holdOf(buy({ price: '0.000001', amount: '3' }), '0.001')?.toFixed()).toBe('0.00000301')
  })
  it('holds a sell amount against the base balance', () => {
    expect(refusal(sell(), '0.09')).toEqual({ field: 'amount', id: 'Insufficient available balance' })
    expect(refusal(sell(), '0.1')).toBeNull()
  })
})

const marketBuy = (total: string) => ({ ...withType(buy({ price: '' }), ORDER_TYPES.market), total })

describe('checking a market order', () => {
  it('spends a total of the quote coin on a buy, at least the minimum and within the balance', () => {
    expect(refusal(marketBuy(''))).toEqual({ field: 'total', id: 'Please enter a valid amount' })
    expect(refusal(marketBuy('4.99'))).toEqual({ field: 'total', id: 'The number of inputs is less than the minimum limit' })
    expect(refusal(marketBuy('100.123456789'))?.id).toBe('The amount can have at most 8 decimal places')
    expect(refusal(marketBuy('100'), '99.5')).toEqual({ field: 'total', id: 'Insufficient available balance' })
    expect(refusal(marketBuy('100'), '100')).toBeNull()
  })
  it('values a sell at the last price, once known', () => {
    const marketSell = { ...withType(sell({ price: '' }), ORDER_TYPES.market), amount: '0.00008' }
    expect(refusal(marketSell)).toEqual({ field: 'amount', id: 'The number of inputs is less than the minimum limit' })
    expect(refusal(marketSell, null, { ...MARKET, lastPrice: null })).toBeNull()
  })
})

describe('the share of the balance', () => {
  it('buys what the quote balance pays for at the price with the fee on top, cut to the amount digits', () => {
    expect(amountForShare('0.25', buy(), '10000', BTC, '0.001')).toEqual({ field: 'amount', value: '0.041625' })
    expect(amountForShare('1', buy({ price: '' }), '10000', BTC, '0.001')).toBeNull()
  })
  it('sells base coin and spends a market buy total as quote coin', () => {
    expect(amountForShare('0.5', sell(), '0.5', BTC, '0.001')).toEqual({ field: 'amount', value: '0.25' })
    expect(amountForShare('0.75', sell(), '0.0000019', BTC, '0.001')).toEqual({ field: 'amount', value: '0.000001' })
    const market = withType(buy(), ORDER_TYPES.market)
    expect(amountForShare('1', market, '10000.123456789', BTC, '0.001')).toEqual({ field: 'total', value: '10000.12345678' })
  })
  it('never asks a buy to hold more than that share of the balance', () => {
    assert(property(integer({ min: 1, max: 9_999_999 }), integer({ min: 1, max: 10_000_000_000 }), integer({ min: 1, max: 4 }), (ticks, cents, quarter) => {
      const price = new BigNumber(ticks).shiftedBy(-2).toFixed()
      const available = new BigNumber(cents).shiftedBy(-2).toFixed()
      const share = String(quarter / 4)
      const result = amountForShare(share, buy({ price }), available, BTC, '0.002')
      const held = holdOf(buy({ price, amount: result?.value ?? '0' }), '0.002')
      return result !== null && (result.value === '0' || !!held?.isLessThanOrEqualTo(new BigNumber(available).times(share)))
    }))
  })
})

describe('estimates', () => {
  it('price × amount with the fee at the higher rate, or the maker rate for a post-only limit', () => {
    const market = { ...MARKET, makerFeeRate: '0.0005', takerFeeRate: '0.001' }
    expect(estimateOrder(buy(), market)).toEqual({ total: '6000', fee: '6' })
    expect(estimateOrder(buy({ postOnly: true }), market)).toEqual({ total: '6000', fee: '3' })
    expect(estimateOrder(buy({ amount: '' }), market)).toEqual({ total: null, fee: null })
    expect(holdRate(market)).toBe('0.001')
  })
  it('keeps a market buy fee inside its total, and values a market sell at the last price', () => {
    expect(estimateOrder({ ...withType(buy(), ORDER_TYPES.market), total: '1001' }, MARKET)).toEqual({ total: '1001', fee: '1' })
    expect(estimateOrder(withType(sell(), ORDER_TYPES.market), MARKET)).toEqual({ total: '6000', fee: '6' })
  })
})

describe('the form', () => {
  it('takes a book price as a limit order and drops post-only off a limit', () => {
    expect(pickPrice(withType(buy(), ORDER_TYPES.market), '61000.50')).toMatchObject({ price: '61000.5', type: ORDER_TYPES.limit })
    expect(withType(buy({ postOnly: true }), ORDER_TYPES.stopLimit).postOnly).toBe(false)
  })
  it('reads balances, orders and amounts', () => {
    expect(availableOf(null, 'USDT')).toBeNull()
    expect(availableOf([{ currencyName: 'BTC', availableCurrency: '0.5' }], 'USDT')).toBe('0')
    expect(isCancellable({ status: ORDER_STATUS.untriggered })).toBe(true)
    expect(isCancellable({ status: ORDER_STATUS.filled })).toBe(false)
    expect(coinText('8.50000000')).toBe('8.5')
    expect(coinText('0.123456789')).toBe('0.12345678')
    expect(coinText('')).toBe('--')
  })
})

describe('the book grid', () => {
  it('names each step as a price of the pair', () => {
    expect(['step0', 'step1', 'step2', 'step3'].map((step) => stepSize(2, step as 'step0'))).toEqual(['0.01', '0.1', '1', '10'])
    expect(stepSize(9, 'step5')).toBe('0.0001')
    expect(stepPrecision(2, 'step3')).toBe(0)
    expect(stepPrecision(6, 'step1')).toBe(5)
  })
})

describe('the screen search', () => {
  it('keeps a catalogue pair and a sell, and falls back to BTC/USDT buying', () => {
    expect(parseSpotSearch({ symbol: 'ethbtc', base: 'ETH', quote: 'BTC', side: 'sell' })).toEqual({ symbol: 'ethbtc', base: 'ETH', quote: 'BTC', side: 'sell' })
    expect(parseSpotSearch({ base: 'FOO', quote: 'USDT', side: 'short' })).toEqual({ symbol: 'btcusdt', base: 'BTC', quote: 'USDT', side: 'buy' })
    expect(validSpotSearch({ side: 'up' })).toEqual({})
    expect(validSpotSearch({ symbol: 'DOGEETH', side: 'buy' })).toEqual({ symbol: 'dogeeth', base: 'DOGE', quote: 'ETH', side: 'buy' })
  })
})
