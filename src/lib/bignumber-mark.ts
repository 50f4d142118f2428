// Whether a value is a BigNumber, without the library or the rest of lib/decimal-text: the api
// client's form encoding needs only this test, and the entry that holds it stays small
// (architecture §8: the first visit's budget). lib/decimal-text re-exports it.
import type { BigNumber } from 'bignumber.js'

const BIGNUMBER_MARK = '_isBigNumber'

/** The same test as BigNumber.isBigNumber (every instance carries the mark), without the library. */
export const isBigNumber = (value: unknown): value is BigNumber =>
  typeof value === 'object' && value !== null && (value as Record<string, unknown>)[BIGNUMBER_MARK] === true
