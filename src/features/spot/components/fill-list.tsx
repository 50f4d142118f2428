import { Trans, useLingui } from '@lingui/react/macro'
import type { SpotFill } from '../../../contract/spot.ts'
import { formatDate, formatPrice } from '../../../lib/format'
import { coinText } from '../logic'
import { COUNTERPARTY_LABELS, ROLE_LABELS } from './labels'

interface FillListProps {
  fills: readonly SpotFill[]
  precision: number
  base: string
  quote: string
}

/** Every fill of an order: when, at what price, how much, its fee, maker or taker, and against whom. */
export function FillList({ fills, precision, base, quote }: FillListProps) {
  const { t, i18n } = useLingui()
  if (fills.length === 0) return <p className="muted spot-fills__none"><Trans>No fills yet.</Trans></p>
  return (
    <ol className="spot-fills" aria-label={t`Fills`}>
      {fills.map((fill) => (
        <li key={fill.id} className="spot-fill">
          <p className="spot-fill__head">
            <span>{formatDate(fill.at)}</span>
            <span className="muted">{i18n._(ROLE_LABELS[fill.role])} · {i18n._(COUNTERPARTY_LABELS[fill.counterparty])}</span>
          </p>
          <dl className="spot-fill__figures">
            <div><dt><Trans>Price</Trans></dt><dd>{formatPrice(fill.price, precision)}</dd></div>
            <div><dt><Trans>Amount ({base})</Trans></dt><dd>{coinText(fill.amount)}</dd></div>
            <div><dt><Trans>Fee ({quote})</Trans></dt><dd>{coinText(fill.fee)}</dd></div>
          </dl>
        </li>
      ))}
    </ol>
  )
}
