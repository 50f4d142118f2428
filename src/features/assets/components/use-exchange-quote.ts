import { useEffect, useState } from 'react'
import { MARKET_POLL_MS } from '../../../contract/market.ts'
import type { ExchangeQuote } from '../../../contract/assets.ts'
import { fetchExchangeQuote } from '../api'
import { isQuotable } from '../logic'

/** Typing pauses this long before a quote is asked for, so "0.125" asks once, not five times. */
export const QUOTE_DEBOUNCE_MS = 400

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; quote: ExchangeQuote; error: unknown }
  | { status: 'error'; error: unknown }

/**
 * The live quote of an exchange: asked for once typing settles, then again on the 5 s tick (spec
 * §4) while the screen is open and the page visible, since the feed's price moves. A quote for
 * other inputs is never shown, and a failed refresh keeps the last quote beside its error.
 */
export function useExchangeQuote(from: string, to: string, amount: string): QuoteState {
  const key = isQuotable({ from, to, amount }) ? `${from}>${to}:${amount}` : null
  const [state, setState] = useState<{ key: string; quote: ExchangeQuote | null; error: unknown } | null>(null)
  useEffect(() => {
    if (key === null) return
    let live = true
    const load = () =>
      fetchExchangeQuote({ from, to, amount }).then(
        (quote) => live && setState({ key, quote, error: null }),
        (error: unknown) => live && setState((prev) => ({ key, quote: prev?.key === key ? prev.quote : null, error })),
      )
    const first = setTimeout(load, QUOTE_DEBOUNCE_MS)
    const tick = setInterval(() => document.visibilityState === 'visible' && load(), MARKET_POLL_MS)
    return () => {
      live = false
      clearTimeout(first)
      clearInterval(tick)
    }
  }, [key, from, to, amount])
  if (key === null) return { status: 'idle' }
  const current = state?.key === key ? state : null
  if (current?.quote) return { status: 'ready', quote: current.quote, error: current.error }
  return current?.error ? { status: 'error', error: current.error } : { status: 'loading' }
}
