import { useState } from 'react'
import type { Direction, EntryType } from '../../../contract/contracts.ts'
import { plainDecimal } from '../../../lib/decimal'
import { defaultLeverage, emptyOpenForm, type OpenError, type OpenField, type OpenForm } from '../logic'

interface FormState {
  symbol: string
  form: OpenForm
  /** Whether the price was filled with the last price yet (once per pair, never over the user's own). */
  prefilled: boolean
  error: OpenError | null
}

const fresh = (symbol: string): FormState => ({ symbol, form: emptyOpenForm(), prefilled: false, error: null })

/**
 * The opening form's state for one pair. A new pair starts a new form (another pair's price or
 * multiple must never be sent for this one); the leverage starts on the pair's default once the
 * terms are known, and falls back to it when the operator withdraws the chosen one; the limit
 * price is filled with the last price as soon as it is known. Any edit clears the error it may
 * have caused.
 */
export function useOpenForm(symbol: string, leverages: readonly number[] | null, lastPrice: string | null) {
  const [state, setState] = useState<FormState>(() => fresh(symbol))
  // Applied while rendering (React's pattern for state that follows a change): the first paint of
  // a new pair, or of the terms arriving, is already right.
  let next = state.symbol === symbol ? state : fresh(symbol)
  if (leverages && (next.form.leverage === null || !leverages.includes(next.form.leverage))) {
    const leverage = defaultLeverage(leverages)
    if (leverage !== next.form.leverage) next = { ...next, form: { ...next.form, leverage } }
  }
  if (!next.prefilled && lastPrice) next = { ...next, prefilled: true, form: { ...next.form, price: next.form.price || plainDecimal(lastPrice) } }
  if (next !== state) setState(next)

  const update = (change: Partial<OpenForm>) => setState((current) => ({ ...current, form: { ...current.form, ...change }, error: null }))
  return {
    form: next.form,
    error: next.error,
    setError: (error: OpenError | null) => setState((current) => ({ ...current, error })),
    setField: (field: Exclude<OpenField, 'leverage'>, value: string) => update({ [field]: value.trim() }),
    setDirection: (direction: Direction) => update({ direction }),
    setLeverage: (leverage: number) => update({ leverage }),
    setEntryType: (entryType: EntryType) => update({ entryType }),
    /** After an opening: the quantity and stops go, the multiple and the price stay for the next one. */
    clearAfterOpen: () => update({ quantity: '', stopLoss: '', takeProfit: '' }),
  }
}

export type OpenFormState = ReturnType<typeof useOpenForm>
