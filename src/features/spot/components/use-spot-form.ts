import { useState } from 'react'
import { ORDER_SIDES, type OrderType } from '../../../contract/spot.ts'
import { plainDecimal } from '../../../lib/decimal'
import type { SpotSide } from '../pair-search'
import { emptyForm, pickPrice, withType, type FieldError, type FormField, type SpotForm } from '../logic'

interface FormState {
  symbol: string
  form: SpotForm
  /** Whether the price was filled with the last price yet (once per pair, never over the user's own). */
  prefilled: boolean
  error: FieldError | null
}

const sideOf = (side: SpotSide) => (side === 'sell' ? ORDER_SIDES.sell : ORDER_SIDES.buy)
const fresh = (symbol: string, side: SpotSide): FormState => ({ symbol, form: emptyForm(sideOf(side)), prefilled: false, error: null })

/**
 * The order form's state for one pair. A new pair starts a new form (another pair's price must
 * never be sent for this one); the side follows the screen's URL; the price is filled with the
 * last price as soon as it is known. Any edit clears the error it may have caused.
 */
export function useSpotForm(pair: { symbol: string; side: SpotSide }, lastPrice: string | null) {
  const [state, setState] = useState<FormState>(() => fresh(pair.symbol, pair.side))
  // Applied while rendering (React's pattern for state that follows a change): the first paint of
  // a new pair or side is already right.
  let next = state.symbol === pair.symbol ? state : fresh(pair.symbol, pair.side)
  if (next.form.side !== sideOf(pair.side)) next = { ...next, form: { ...next.form, side: sideOf(pair.side) }, error: null }
  if (!next.prefilled && lastPrice) {
    next = { ...next, prefilled: true, form: { ...next.form, price: next.form.price || plainDecimal(lastPrice) } }
  }
  if (next !== state) setState(next)

  const update = (change: (form: SpotForm) => SpotForm) => setState((current) => ({ ...current, form: change(current.form), error: null }))
  return {
    form: next.form,
    error: next.error,
    setError: (error: FieldError | null) => setState((current) => ({ ...current, error })),
    setField: (field: FormField, value: string) => update((form) => ({ ...form, [field]: value.trim() })),
    setType: (type: OrderType) => update((form) => withType(form, type)),
    setPostOnly: (postOnly: boolean) => update((form) => ({ ...form, postOnly })),
    pick: (price: string) => update((form) => pickPrice(form, price)),
    /** After a placement: the amounts go, the prices stay for the next order. */
    clearAmounts: () => update((form) => ({ ...form, amount: '', total: '' })),
  }
}
