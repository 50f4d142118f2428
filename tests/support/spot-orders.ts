// Spot orders as the server answers them, for the screen tests of the spot screens.
import type { SpotOrder, SpotOrderPage } from '../../src/contract/spot.ts'

export const ORDER_TIME = 1_760_000_000_000

/** A BTC/USDT limit buy of 0.2 at 60000, a quarter filled; `over` changes any field. */
export const spotOrder = (id: string, over: Partial<SpotOrder> = {}): SpotOrder => ({
  id, symbol: 'btcusdt', base: 'BTC', quote: 'USDT', side: 1, type: 1, postOnly: false, price: '60000', triggerPrice: '', amount: '0.2',
  total: '', filled: '0.05', filledQuote: '3000', avgPrice: '60000.00', fee: '3', status: 2, createdAt: ORDER_TIME, triggeredAt: null,
  triggeredPrice: '', updatedAt: ORDER_TIME, ...over,
})

export const orderPage = (list: SpotOrder[], sum = list.length): SpotOrderPage => ({ list, sum })
