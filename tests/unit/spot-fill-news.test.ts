// A resting order's fills, said once (src/features/spot/fill-news.ts): what filled of what, at
// what average; nothing for an order that did not fill or was cancelled.
import { i18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SpotOrder } from '../../src/contract/spot.ts'
import { ORDER_SIDES, ORDER_STATUS, ORDER_TYPES } from '../../src/contract/spot.ts'
import { fillNews, fillToast } from '../../src/features/spot/fill-news.ts'

const order = (id: string, filled: string, status: SpotOrder['status'] = ORDER_STATUS.open): SpotOrder => ({
  id, symbol: 'btcusdt', base: 'BTC', quote: 'USDT', side: ORDER_SIDES.buy, type: ORDER_TYPES.limit, postOnly: false,
  price: '60000', triggerPrice: '', amount: '1', total: '', filled, filledQuote: '', avgPrice: filled === '0' ? '' : '60000',
  fee: '0', status, createdAt: 0, triggeredAt: null, triggeredPrice: '', updatedAt: 0,
})

beforeAll(() => {
  i18n.setMessagesCompiler(compileMessage)
  i18n.load('en-US', {})
  i18n.activate('en-US')
})

describe('fillNews', () => {
  it('finds orders whose filled amount grew and orders that left the open list', () => {
    const news = fillNews([order('1', '0'), order('2', '0.2'), order('3', '0')], [order('2', '0.5'), order('3', '0'), order('4', '0')])
    expect(news.grown.map((grown) => grown.id)).toEqual(['2'])
    expect(news.gone).toEqual(['1'])
  })

  it('finds nothing when nothing changed or an order only arrived', () => {
    expect(fillNews([order('1', '0.1')], [order('1', '0.1'), order('2', '0')])).toEqual({ grown: [], gone: [] })
  })
})

describe('fillToast', () => {
  it('says how much of how much filled while part is open, and the whole once filled', () => {
    expect(i18n._(fillToast(order('1', '0.5'), 'Buy')!)).toBe('Buy 0.5 of 1 BTC filled, average 60,000.00 USDT')
    expect(i18n._(fillToast(order('1', '1', ORDER_STATUS.filled), 'Buy')!)).toBe('Buy 1 BTC filled, average 60,000.00 USDT')
  })

  it('says nothing of an order that did not fill or was cancelled', () => {
    expect(fillToast(order('1', '0'), 'Buy')).toBeNull()
    expect(fillToast(order('1', '0.5', ORDER_STATUS.cancelled), 'Buy')).toBeNull()
  })
})
