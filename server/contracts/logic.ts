// The pure maths of leveraged contracts (src/contract/contracts.ts): margin, fees, P/L, what a close
// gives back, the liquidation price, which stops are valid, which trigger an instant's price
// reaches, and the levels the pass watches. No database, no clock; tests/unit/contracts-logic.test.ts
// pins them down with properties.
//
// Amounts have the ledger's 8 decimals. A notional (price × quantity) and a P/L ((exit − entry) ×
// quantity) of a catalogue pair need at most 8 (PAIR_PRECISION + AMOUNT_PRECISION ≤ 8), so they are
// exact; a margin (notional ÷ leverage), a margin's share and a fee are cut to 8 (by less than
// 1e-8). Liquidation prices are rounded towards the entry (a long's up, a short's down): the house's
// side, never the user's. Quotients are computed exactly (BigInt), never through a rounded
// intermediate.
import { BigNumber } from 'bignumber.js'
import { DECIMALS } from '../ledger/amount.ts'

export type Side = 'long' | 'short'
export type Trigger = 'liquidation' | 'stopLoss' | 'takeProfit'

/** n ÷ d at `places` decimals, rounded towards −∞ (floor) or +∞ (ceil), exactly. */
export function divide(n: BigNumber.Value, d: BigNumber.Value, places: number, rounding: 'floor' | 'ceil'): BigNumber {
  const a = new BigNumber(n)
  const b = new BigNumber(d)
  if (b.isZero() || !a.isFinite() || !b.isFinite()) throw new Error('contracts: invalid division')
  const scale = Math.max(a.decimalPlaces() ?? 0, b.decimalPlaces() ?? 0)
  const numerator = BigInt(a.shiftedBy(scale + places).toFixed())
  const denominator = BigInt(b.shiftedBy(scale).toFixed())
  let quotient = numerator / denominator
  if (numerator % denominator !== 0n) {
    const negative = numerator < 0n !== denominator < 0n
    if (rounding === 'floor' && negative) quotient -= 1n
    if (rounding === 'ceil' && !negative) quotient += 1n
  }
  return new BigNumber(quotient.toString()).shiftedBy(-places)
}

const cut = (value: BigNumber): BigNumber => value.decimalPlaces(DECIMALS, BigNumber.ROUND_FLOOR)

/** price × quantity in USDT. */
export const notionalOf = (price: BigNumber.Value, quantity: BigNumber.Value): BigNumber => cut(new BigNumber(price).times(quantity))

/** The margin held: notional ÷ leverage, cut. */
export const marginOf = (price: BigNumber.Value, quantity: BigNumber.Value, leverage: number): BigNumber =>
  divide(notionalOf(price, quantity), leverage, DECIMALS, 'floor')

/** A fee: notional × rate, cut. */
export const feeOf = (notional: BigNumber.Value, rate: BigNumber.Value): BigNumber => cut(new BigNumber(notional).times(rate))

/** The P/L of `quantity` from entry to exit: (exit − entry) × q long, (entry − exit) × q short. */
export function pnlOf(side: Side, entry: BigNumber.Value, exit: BigNumber.Value, quantity: BigNumber.Value): BigNumber {
  const move = side === 'long' ? new BigNumber(exit).minus(entry) : new BigNumber(entry).minus(exit)
  return cut(move.times(quantity))
}

/** The share of the margin a partial close of `part` releases (all of it for the whole quantity). */
export const marginShare = (margin: BigNumber.Value, quantity: BigNumber.Value, part: BigNumber.Value): BigNumber =>
  new BigNumber(part).isEqualTo(quantity) ? new BigNumber(margin) : divide(new BigNumber(margin).times(part), quantity, DECIMALS, 'floor')

export interface CloseOutcome {
  /** The P/L realised: never below −margin. */
  pnl: BigNumber
  /** The close fee paid: capped so that the loss never exceeds the margin. */
  fee: BigNumber
  /** What comes back to available: margin + pnl − fee, never negative. */
  payout: BigNumber
}

/** Closing what holds `margin` with `pnl` and a close fee: the user's loss is capped at the margin. */
export function closeOutcome(margin: BigNumber.Value, pnl: BigNumber.Value, fee: BigNumber.Value): CloseOutcome {
  const held = new BigNumber(margin)
  const realised = BigNumber.max(pnl, held.negated())
  const room = held.plus(realised)
  const paid = BigNumber.min(fee, room)
  return { pnl: realised, fee: paid, payout: room.minus(paid) }
}

/**
 * The liquidation price in ticks of the pair (10^−precision), where margin + P/L falls to the
 * maintenance margin: long (E×Q − M) ÷ (Q × (1 − mmr)) rounded up, short (E×Q + M) ÷ (Q × (1 + mmr))
 * rounded down. null for a long whose margin covers its whole notional: it cannot be liquidated.
 */
export function liquidationTicks(side: Side, entry: BigNumber.Value, quantity: BigNumber.Value, margin: BigNumber.Value, mmr: BigNumber.Value, precision: number): number | null {
  const notional = new BigNumber(entry).times(quantity)
  if (side === 'long') {
    const exposed = notional.minus(margin)
    if (!exposed.isGreaterThan(0)) return null
    return divide(exposed.shiftedBy(precision), new BigNumber(quantity).times(new BigNumber(1).minus(mmr)), 0, 'ceil').toNumber()
  }
  return divide(notional.plus(margin).shiftedBy(precision), new BigNumber(quantity).times(new BigNumber(1).plus(mmr)), 0, 'floor').toNumber()
}

/** A leverage leaves room above the maintenance margin (1 ÷ leverage > mmr): else it would be liquidated at once. */
export const leverageFits = (leverage: number, mmr: BigNumber.Value): boolean => new BigNumber(mmr).times(leverage).isLessThan(1)

/** Has the price of an instant reached a limit entry? A long's at or below, a short's at or above. */
export const limitReached = (side: Side, limitTicks: number, lastTicks: number): boolean => (side === 'long' ? lastTicks <= limitTicks : lastTicks >= limitTicks)

/** A stop loss lies between the liquidation price and the entry: below the entry for a long, above for a short. */
export function stopLossValid(side: Side, stopTicks: number, entryTicks: number, liquidation: number | null): boolean {
  if (side === 'long') return stopTicks < entryTicks && stopTicks > (liquidation ?? 0)
  return stopTicks > entryTicks && (liquidation === null || stopTicks < liquidation)
}

/** A take profit lies beyond the entry in the position's favour (and above zero). */
export const takeProfitValid = (side: Side, profitTicks: number, entryTicks: number): boolean =>
  side === 'long' ? profitTicks > entryTicks : profitTicks < entryTicks && profitTicks > 0

export interface Levels {
  liquidation: number | null
  stopLoss: number | null
  takeProfit: number | null
}

/** What the price of an instant triggers on a holding position, liquidation first. */
export function triggerAt(side: Side, levels: Levels, lastTicks: number): Trigger | undefined {
  const down = (level: number | null) => level !== null && lastTicks <= level
  const up = (level: number | null) => level !== null && lastTicks >= level
  const [adverse, favourable] = side === 'long' ? [down, up] : [up, down]
  if (adverse(levels.liquidation)) return 'liquidation'
  if (adverse(levels.stopLoss)) return 'stopLoss'
  if (favourable(levels.takeProfit)) return 'takeProfit'
  return undefined
}

const present = (values: Array<number | null>): number[] => values.filter((value): value is number => value !== null)

/**
 * The two levels the pass watches (indexed): it acts when the price falls to `down` or rises to
 * `up`. A pending long waits below, a pending short above; a holding long's nearest of liquidation
 * and stop loss is below and its take profit above; a short's the other way round.
 */
export function watchedLevels(side: Side, pendingLimit: number | null, levels: Levels): { down: number | null; up: number | null } {
  if (pendingLimit !== null) return side === 'long' ? { down: pendingLimit, up: null } : { down: null, up: pendingLimit }
  const adverse = present([levels.liquidation, levels.stopLoss])
  if (side === 'long') return { down: adverse.length > 0 ? Math.max(...adverse) : null, up: levels.takeProfit }
  return { down: levels.takeProfit, up: adverse.length > 0 ? Math.min(...adverse) : null }
}

/** Spec §4: a win when the P/L realised, net of every fee paid, is above zero. */
export const isWin = (realizedPnl: BigNumber.Value, openFee: BigNumber.Value, closeFee: BigNumber.Value): boolean =>
  new BigNumber(realizedPnl).minus(openFee).minus(closeFee).isGreaterThan(0)
