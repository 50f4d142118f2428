// Decimal amounts of the ledger. Everything is bignumber.js and leaves as plain notation (never
// exponent), the only form the schema's CHECK constraints accept; 8 decimals is the precision of
// every currency here (spec §9: decimal precision 8).
import { BigNumber } from 'bignumber.js'

export const DECIMALS = 8

/** Plain decimal notation, no exponent, no trailing zeros. */
export const plain = (value: BigNumber): string => value.toFixed()

/** Cuts (never rounds) to the ledger's precision: spec §5, formatting truncates. */
export const truncate = (value: BigNumber): BigNumber => value.decimalPlaces(DECIMALS, BigNumber.ROUND_DOWN)

/**
 * An amount handed to a ledger operation by server code (already validated at the edge): a finite
 * decimal with at most 8 decimals, positive unless zero is allowed. A bad one is a programming
 * error, so it throws a plain Error rather than a user-facing answer.
 */
export function ledgerAmount(text: string, options: { allowZero?: boolean } = {}): BigNumber {
  let value: BigNumber
  try {
    value = new BigNumber(text)
  } catch {
    // bignumber.js throws on text that is not a number at all
    throw new Error(`ledger: invalid amount "${text}"`)
  }
  const sizeOk = value.isGreaterThan(0) || (options.allowZero === true && value.isZero())
  if (!value.isFinite() || !sizeOk || (value.decimalPlaces() ?? Infinity) > DECIMALS) {
    throw new Error(`ledger: invalid amount "${text}"`)
  }
  return value
}
