// The chart screen's order book: lib/depth-book's rows with the chart's amount digits.
import type { Depth } from '../../contract/market.ts'
import { depthBook as bookOf, type DepthBook } from '../../lib/depth-book'
import { AMOUNT_DECIMALS } from './chart-legend'

export type { DepthBook, DepthRow } from '../../lib/depth-book'

export const depthBook = (depth: Depth, count: number, precision: number): DepthBook => bookOf(depth, count, precision, AMOUNT_DECIMALS)
