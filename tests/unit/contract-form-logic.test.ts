// The contract screens' pure rules: the opening form's checks in the server's order and words, the
// margin, fee and liquidation estimates, the share of the available margin a quantity takes, the
// live P/L and ROE, and the checks of closing part, adding margin and editing stops.
import { describe, expect, it } from 'vitest'
import { DIRECTIONS, ENTRY_TYPES, POSITION_STATUS, type ContractConfig, type ContractPosition } from '../../src/contract/contracts.ts'
import {
  checkOpen, contractRules, CONTRACT_MESSAGES, defaultLeverage, emptyOpenForm, estimateOpen, liquidationPriceOf, marginOf,
  quantityForShare, roePercent, signTrend, termsOf, unrealisedPnl, type ContractTerms, type OpenForm,
} from '../../src/features/contract/logic'
import { checkAddMargin, checkClosePart, checkStopsEdit, estimateClose, feesPaid, liquidationAfterMargin } from '../../src/features/contract/position-logic'
import { dec } from '../../src/lib/decimal'

const CONFIG: ContractConfig = {
  openFeeRate: '0.0005',
  closeFeeRate: '0.0005',
  pairs: [{ symbol: 'btcusdt', base: 'BTC', leverages: [1, 2, 5, 10, 20, 50, 100], maintenanceMarginRate: '0.005', minQuantity: '0.001' }],
}
const BTC = contractRules({ symbol: 'btcusdt', base: 'BTC', quote: 'USDT' })
const TERMS = termsOf(CONFIG, 'btcusdt') as ContractTerms
const LAST = '60000'
const form = (change: Partial<OpenForm>): OpenForm => ({ ...emptyOpenForm(), leverage: 10, quantity: '0.01', ...change })
const check = (change: Partial<OpenForm>, available: string | null = '1000') => checkOpen(form(change), BTC, TERMS, LAST, available)
const limit = (price: string, direction: OpenForm['direction'] = DIRECTIONS.long) => check({ entryType: ENTRY_TYPES.limit, price, direction })?.message
const shortRefusal = (stops: Partial<OpenForm>) => check({ direction: DIRECTIONS.short, ...stops })?.message

describe('terms', () => {
  it("reads a pair's terms from the config, none for a pair not offered", () => {
    expect(TERMS).toEqual({ leverages: [1, 2, 5, 10, 20, 50, 100], maintenanceMarginRate: '0.005', minQuantity: '0.001', openFeeRate: '0.0005', closeFeeRate: '0.0005' })
    expect(termsOf(CONFIG, 'ethusdt')).toBeNull()
    expect(BTC).toMatchObject({ pricePrecision: 2, quantityPrecision: 6 })
  })

  it('starts on 10× when offered, else the nearest below, else the smallest', () => {
    expect(defaultLeverage([1, 2, 5, 10, 20])).toBe(10)
    expect(defaultLeverage([1, 3, 25])).toBe(3)
    expect(defaultLeverage([20, 50])).toBe(20)
    expect(defaultLeverage([])).toBeNull()
  })
})

describe('estimates', () => {
  it('holds price × quantity ÷ leverage rounded up to 8, and a fee of notional × rate', () => {
    expect(marginOf(dec('60000.01'), dec('0.000003'), 7).toFixed()).toBe('0.02571429')
    const estimate = estimateOpen(form({ quantity: '0.1' }), BTC, TERMS, LAST)
    expect(estimate?.margin.toFixed()).toBe('600')
    expect(estimate?.fee.toFixed()).toBe('3')
    expect(estimate?.cost.toFixed()).toBe('603')
    // long: (6000 − 600) ÷ (0.1 × 0.995) = 54271.356…, rounded up (towards the entry).
    expect(estimate?.liquidationPrice?.toFixed()).toBe('54271.36')
  })

  it("places a short's liquidation above the entry, rounded down, and none for a long whose margin covers it all", () => {
    // short: (6000 + 600) ÷ (0.1 × 1.005) = 65671.641…
    expect(liquidationPriceOf(DIRECTIONS.short, dec('60000'), dec('0.1'), dec('600'), '0.005', 2)?.toFixed()).toBe('65671.64')
    expect(liquidationPriceOf(DIRECTIONS.long, dec('60000'), dec('0.1'), dec('6000'), '0.005', 2)).toBeNull()
  })

  it('estimates a limit entry at its own price and a market one at the last price', () => {
    expect(estimateOpen(form({ entryType: ENTRY_TYPES.limit, price: '50000' }), BTC, TERMS, LAST)?.entryPrice.toFixed()).toBe('50000')
    expect(estimateOpen(form({}), BTC, TERMS, LAST)?.entryPrice.toFixed()).toBe('60000')
    expect(estimateOpen(form({}), BTC, TERMS, null)).toBeNull()
    expect(estimateOpen(form({ quantity: 'abc' }), BTC, TERMS, LAST)).toBeNull()
  })
})

describe('the opening form, in the server\'s order and words', () => {
  it('refuses a leverage not offered, then a bad quantity', () => {
    expect(check({ leverage: 3 })).toEqual({ field: 'leverage', message: CONTRACT_MESSAGES.leverageNotOffered })
    expect(check({ quantity: '' })?.message).toBe(CONTRACT_MESSAGES.invalidAmount)
    expect(check({ quantity: '-1' })?.message).toBe(CONTRACT_MESSAGES.invalidAmount)
    expect(check({ quantity: '0' })?.message).toBe(CONTRACT_MESSAGES.notPositive)
    expect(check({ quantity: '0.0000001' })?.message).toBe(CONTRACT_MESSAGES.amountTooPrecise)
    expect(check({ quantity: '0.0005' })).toEqual({ field: 'quantity', message: CONTRACT_MESSAGES.belowMinimum })
  })

  it('wants a limit price at the pair\'s precision, within the band and not already reached', () => {
    expect(limit('')).toBe(CONTRACT_MESSAGES.needsPrice)
    expect(limit('59000.001')).toBe(CONTRACT_MESSAGES.priceTooPrecise)
    expect(limit('53999.99')).toBe(CONTRACT_MESSAGES.outOfBand)
    expect(limit('60000')).toBe(CONTRACT_MESSAGES.limitReached)
    expect(limit('59999.99')).toBeUndefined()
    expect(limit('59999.99', DIRECTIONS.short)).toBe(CONTRACT_MESSAGES.limitReached)
    expect(limit('60000.01', DIRECTIONS.short)).toBeUndefined()
  })

  it("keeps a long's stop loss between its liquidation price and the entry, its take profit above", () => {
    // 10× long of 0.01 at 60000: liquidation at 54271.36.
    expect(check({ stopLoss: '54271.36' })).toEqual({ field: 'stopLoss', message: CONTRACT_MESSAGES.stopLossInvalid })
    expect(check({ stopLoss: '60000' })?.message).toBe(CONTRACT_MESSAGES.stopLossInvalid)
    expect(check({ stopLoss: '54271.37' })).toBeNull()
    expect(check({ takeProfit: '60000' })).toEqual({ field: 'takeProfit', message: CONTRACT_MESSAGES.takeProfitInvalid })
    expect(check({ takeProfit: '60000.01', stopLoss: '59000' })).toBeNull()
    expect(check({ stopLoss: 'x' })?.message).toBe(CONTRACT_MESSAGES.needsPrice)
  })

  it("keeps a short's stop loss between the entry and its liquidation price, its take profit below", () => {
    // 10× short of 0.01 at 60000: liquidation at 65671.64.
    expect(shortRefusal({ stopLoss: '59999' })).toBe(CONTRACT_MESSAGES.stopLossInvalid)
    expect(shortRefusal({ stopLoss: '65671.64' })).toBe(CONTRACT_MESSAGES.stopLossInvalid)
    expect(shortRefusal({ stopLoss: '65671.63', takeProfit: '50000' })).toBeUndefined()
    expect(shortRefusal({ takeProfit: '60000.5' })).toBe(CONTRACT_MESSAGES.takeProfitInvalid)
  })

  it('wants margin + fee within the available balance, once the balance is known', () => {
    // 0.1 at 60000, 10×: 600 margin + 3 fee.
    expect(check({ quantity: '0.1' }, '602.99')).toEqual({ field: 'quantity', message: CONTRACT_MESSAGES.insufficient })
    expect(check({ quantity: '0.1' }, '603')).toBeNull()
    expect(check({ quantity: '0.1' }, null)).toBeNull()
  })
})

describe('25–100 % of the available margin', () => {
  it('spends the share with the fee on top, cut to the coin, never past the budget', () => {
    // 1000 × 10 ÷ (60000 × 1.005) = 0.165837…
    const all = quantityForShare('1', '1000', dec(LAST), 10, BTC, '0.0005')
    expect(all).toBe('0.165837')
    const estimate = estimateOpen(form({ quantity: all ?? '' }), BTC, TERMS, LAST)
    expect(estimate?.cost.isLessThanOrEqualTo('1000')).toBe(true)
    expect(quantityForShare('0.25', '1000', dec(LAST), 10, BTC, '0.0005')).toBe('0.041459')
    expect(quantityForShare('1', '0', dec(LAST), 10, BTC, '0.0005')).toBe('0')
    expect(quantityForShare('1', '1000', null, 10, BTC, '0.0005')).toBeNull()
  })
})

const POSITION: ContractPosition = {
  id: '7', symbol: 'btcusdt', base: 'BTC', quote: 'USDT', direction: DIRECTIONS.long, leverage: 10, entryType: ENTRY_TYPES.market,
  limitPrice: '', quantity: '0.1', openedQuantity: '0.1', entryPrice: '60000', margin: '600', liquidationPrice: '54271.36',
  stopLoss: '', takeProfit: '', openFee: '3', closeFee: '0', realizedPnl: '0', status: POSITION_STATUS.holding,
  closeReason: null, result: null, exitPrice: '', createdAt: 1, openedAt: 1, closedAt: null, closes: [],
}

describe('a position', () => {
  it('gains as the mark rises for a long and falls for a short, with its ROE on the margin', () => {
    const long = unrealisedPnl(DIRECTIONS.long, '60000', '60150.5', '0.1')
    expect(long?.toFixed()).toBe('15.05')
    expect(signTrend(long)).toBe('up')
    expect(roePercent(long, '600')?.toFixed(4)).toBe('2.5083')
    const short = unrealisedPnl(DIRECTIONS.short, '60000', '60150.5', '0.1')
    expect(short?.toFixed()).toBe('-15.05')
    expect(signTrend(short)).toBe('down')
    expect(signTrend(unrealisedPnl(DIRECTIONS.short, '60000', '60000', '0.1'))).toBe('flat')
    expect(unrealisedPnl(DIRECTIONS.long, '60000', null, '0.1')).toBeNull()
  })

  it('closes no more than it holds, and leaves nothing or at least the minimum', () => {
    expect(checkClosePart('0.2', '0.1', 6, '0.001')).toBe(CONTRACT_MESSAGES.closeTooLarge)
    expect(checkClosePart('0.0995', '0.1', 6, '0.001')).toBe(CONTRACT_MESSAGES.remainderTooSmall)
    expect(checkClosePart('0.0005', '0.1', 6, '0.001')).toBe(CONTRACT_MESSAGES.belowMinimum)
    expect(checkClosePart('0.05', '0.1', 6, '0.001')).toBeNull()
    expect(checkClosePart('0.1', '0.1', 6, '0.001')).toBeNull()
  })

  it("estimates a close's P/L, fee and what comes back, a loss capped at the margin it releases", () => {
    expect(estimateClose(POSITION, '0.05', '61000', '0.0005')).toEqual({ pnl: dec('50'), fee: dec('1.525'), payout: dec('348.475') })
    const wiped = estimateClose(POSITION, '0.1', '50000', '0.0005')
    expect(wiped?.pnl.toFixed()).toBe('-600')
    expect(wiped?.payout.toFixed()).toBe('0')
    expect(estimateClose(POSITION, '0.2', '61000', '0.0005')).toBeNull()
  })

  it('adds margin the account covers, which moves the liquidation price away from the entry', () => {
    expect(checkAddMargin('100', '99.99')).toBe(CONTRACT_MESSAGES.insufficient)
    expect(checkAddMargin('0', '1000')).toBe(CONTRACT_MESSAGES.notPositive)
    expect(checkAddMargin('100', '1000')).toBeNull()
    // (6000 − 700) ÷ (0.1 × 0.995) = 53266.33…, up.
    expect(liquidationAfterMargin(POSITION, '100', '0.005', 2)?.toFixed()).toBe('53266.34')
  })

  it("checks new stops against the entry — a pending entry's limit — and the liquidation price", () => {
    expect(checkStopsEdit(POSITION, { stopLoss: '54000', takeProfit: '' }, 2)?.message).toBe(CONTRACT_MESSAGES.stopLossInvalid)
    expect(checkStopsEdit(POSITION, { stopLoss: '', takeProfit: '' }, 2)).toBeNull()
    const pending = { ...POSITION, status: POSITION_STATUS.pending, entryPrice: '', limitPrice: '58000', liquidationPrice: '' }
    expect(checkStopsEdit(pending, { stopLoss: '', takeProfit: '57000' }, 2)?.field).toBe('takeProfit')
    expect(checkStopsEdit(pending, { stopLoss: '57000', takeProfit: '59000' }, 2)).toBeNull()
  })
})

it('counts the fees a position cost: the open fee comes back with a cancelled entry', () => {
  expect(feesPaid({ status: POSITION_STATUS.finished, openFee: '3', closeFee: '3.05' }).toFixed()).toBe('6.05')
  expect(feesPaid({ status: POSITION_STATUS.cancelled, openFee: '3', closeFee: '0' }).toFixed()).toBe('0')
})
