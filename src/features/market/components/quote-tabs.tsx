import type { KeyboardEvent } from 'react'
import type { QuoteCoin } from '../../../contract/market.ts'

interface QuoteTabsProps {
  quotes: readonly QuoteCoin[]
  value: QuoteCoin
  onChange: (quote: QuoteCoin) => void
  label: string
}

/** The quote-currency tabs (USDT, BTC, ETH); arrow keys move between them as in any tab list. */
export function QuoteTabs({ quotes, value, onChange, label }: QuoteTabsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    const next = quotes[(quotes.indexOf(value) + step + quotes.length) % quotes.length]
    if (!next) return
    onChange(next)
    event.currentTarget.querySelector<HTMLElement>(`[data-quote="${next}"]`)?.focus()
  }
  return (
    <div role="tablist" aria-label={label} className="quote-tabs" onKeyDown={onKeyDown}>
      {quotes.map((quote) => (
        <button key={quote} type="button" role="tab" data-quote={quote} aria-selected={quote === value}
          tabIndex={quote === value ? 0 : -1} className="quote-tabs__tab" onClick={() => onChange(quote)}>
          {quote}
        </button>
      ))}
    </div>
  )
}
