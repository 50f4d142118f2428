// Contract terms and positions as the server answers them, for the screen tests of the contract screens.
import type { ContractConfig, ContractPosition } from '../../src/contract/contracts.ts'
import type { Tick } from '../../src/contract/market.ts'

export const POSITION_TIME = 1_760_000_000_000

export const CONTRACT_CONFIG: ContractConfig = {
  openFeeRate: '0.0005',
  closeFeeRate: '0.0005',
  pairs: [
    { symbol: 'btcusdt', base: 'BTC', leverages: [1, 2, 5, 10, 20, 50, 100], maintenanceMarginRate: '0.005', minQuantity: '0.001' },
    { symbol: 'ethusdt', base: 'ETH', leverages: [1, 2, 5, 10, 20], maintenanceMarginRate: '0.005', minQuantity: '0.01' },
  ],
}

/** BTC/USDT's 24 h with the last price (the mark) at `close`. */
export const tickAt = (close: string): Tick => ({ open: '59000', close, high: '61000', low: '58000', amount: '100', vol: '6000000', count: 1 })

/** A BTC/USDT 10× long of 0.1 entered at 60000 (margin 600, liquidation 54271.36); `over` changes any field. */
export const contractPosition = (id: string, over: Partial<ContractPosition> = {}): ContractPosition => ({
  id, symbol: 'btcusdt', base: 'BTC', quote: 'USDT', direction: 1, leverage: 10, entryType: 1, limitPrice: '', quantity: '0.1',
  openedQuantity: '0.1', entryPrice: '60000.00', margin: '600', liquidationPrice: '54271.36', stopLoss: '', takeProfit: '', openFee: '3',
  closeFee: '0', realizedPnl: '0', status: 2, closeReason: null, result: null, exitPrice: '', createdAt: POSITION_TIME,
  openedAt: POSITION_TIME, closedAt: null, closes: [], ...over,
})
