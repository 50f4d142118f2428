import { Trans, useLingui } from '@lingui/react/macro'
import type { QuoteCoin } from '../../../contract/market.ts'
import { useRetryQuote } from './use-quote-details'

/** Grey placeholder rows while a list loads, shaped like the rows so nothing jumps when they arrive. */
export function SkeletonRows({ count, label }: { count: number; label: string }) {
  return (
    <div className="skeleton-rows" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="skeleton-rows__row" aria-hidden="true">
          <span className="skeleton skeleton--logo" />
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--value" />
        </div>
      ))}
    </div>
  )
}

/** A quote list that never loaded: say so and offer an immediate retry (the tick retries anyway). */
export function ListError({ quote }: { quote: QuoteCoin }) {
  const { t } = useLingui()
  const { busy, retry } = useRetryQuote(quote)
  return (
    <section className="empty-state" role="alert" aria-label={t`Market unavailable`}>
      <p><Trans>The market could not be loaded.</Trans></p>
      <button type="button" className="button button--primary button--small" onClick={retry} disabled={busy}>
        <Trans>Retry</Trans>
      </button>
    </section>
  )
}

export function ListEmpty() {
  return (
    <p className="empty-state" role="status">
      <Trans>No pairs to show.</Trans>
    </p>
  )
}
