// Prices as whole ticks of their pair (10^−precision): what the engines sort, compare and index by
// (spot_orders.price_ticks, contract_positions.*_ticks), so that a trigger query is an integer range.
import { BigNumber } from 'bignumber.js'

/** A price as whole ticks of the pair: exact for a price of at most `precision` digits, cut otherwise. */
export const toTicks = (price: BigNumber.Value, precision: number): number =>
  new BigNumber(price).shiftedBy(precision).integerValue(BigNumber.ROUND_DOWN).toNumber()

export const fromTicks = (ticks: number, precision: number): string => new BigNumber(ticks).shiftedBy(-precision).toFixed(precision)
