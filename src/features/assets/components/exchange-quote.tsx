import { Trans, useLingui } from '@lingui/react/macro'
import { translate } from '../../../lib/i18n'
import { formatRate } from '../../../lib/format'
import { feePercent, formatCoin } from '../logic'
import type { QuoteState } from './use-exchange-quote'

/** Rate, fee and what arrives, for the amount typed (the server's quote; nothing moves yet). */
export function ExchangeQuoteCard({ state, from, to }: { state: QuoteState; from: string; to: string }) {
  const { t } = useLingui()
  if (state.status === 'idle') return null
  const failure = 'error' in state && state.error instanceof Error ? translate(state.error.message) : null
  // No live region: the quote follows the feed's price every 5 s, and a screen reader would read it
  // out at every tick. It is read where it stands; only "Getting a quote…" (once per amount typed)
  // and a failure speak up.
  return (
    <section className="card exchange-quote" aria-label={t`Quote`} aria-busy={state.status === 'loading'}>
      {state.status === 'loading' && <p className="muted" role="status"><Trans>Getting a quote…</Trans></p>}
      {state.status === 'ready' && (
        <dl className="figures">
          <div><dt><Trans>Rate</Trans></dt><dd>{formatRate(state.quote.rate, from, to)}</dd></div>
          <div><dt><Trans>Fee ({feePercent(state.quote.feeRate)}%)</Trans></dt><dd>{formatCoin(state.quote.fee)} {to}</dd></div>
          <div className="figures__total"><dt><Trans>You receive about</Trans></dt><dd>{formatCoin(state.quote.receive)} {to}</dd></div>
        </dl>
      )}
      {failure && <p className="field__error" role="alert"><Trans>No quote right now.</Trans> {failure}</p>}
    </section>
  )
}
