// Pure rules of the contract account part of the seconds screen (spec §3 contract asset, §5, §9),
// unit tested in tests/unit/seconds-logic.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { SMALL_BALANCE_USDT, type AssetRow } from '../../contract/assets.ts'
import { compare, isAtLeast, tryDec } from '../../lib/decimal'
import { validateTransferAmount } from '../../lib/validate'

/** The available balance of `currency` in a loaded list (lib/account-state). */
export { availableOf } from '../../lib/account-state'

/** Spec §9: (available + frozen) × price in USDT, USDT counting 1; null while the price is unknown. */
export function rowValue(row: AssetRow, closes: Readonly<Record<string, string>>): string | null {
  const price = row.currencyName === 'USDT' ? '1' : closes[row.currencyName]
  const [available, frozen, rate] = [tryDec(row.availableCurrency), tryDec(row.frozenCurrency), tryDec(price)]
  return available && frozen && rate ? available.plus(frozen).times(rate).toFixed() : null
}

/** Spec §9: small means a total value of 0.1 USDT or less; a value not yet known is never hidden. */
export const visibleRows = (rows: readonly AssetRow[], closes: Readonly<Record<string, string>>, hideSmall: boolean): AssetRow[] =>
  rows.filter((row) => {
    const value = rowValue(row, closes)
    return !hideSmall || value === null || compare(value, SMALL_BALANCE_USDT) > 0
  })

const INSUFFICIENT = msg({ id: 'Insufficient available balance', message: 'Insufficient available balance' })

/** Spec §5: c_a_transferTip when empty or below 0.00001; then no more than the spot account holds. */
export function checkTransferIn(amount: string, available: string | null): MessageDescriptor | null {
  const refused = validateTransferAmount(amount)
  if (refused || available === null || tryDec(available) === null) return refused
  return isAtLeast(available, amount) ? null : INSUFFICIENT
}
