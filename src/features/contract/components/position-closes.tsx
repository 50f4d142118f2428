import { Trans, useLingui } from '@lingui/react/macro'
import type { ContractPosition } from '../../../contract/contracts.ts'
import { tryDec } from '../../../lib/decimal'
import { formatDate } from '../../../lib/format'
import { closedInParts, closeFigures } from '../close-text'
import { signTrend } from '../logic'
import { CLOSE_REASON_LABELS } from './labels'

/**
 * A position's closes, one row each — quantity, price, P/L, when and why — for a position closed in
 * parts (a holding one after a partial close too). A position closed in one go shows nothing more
 * than its exit, as before.
 */
export function PositionCloses({ position }: { position: ContractPosition }) {
  const { t, i18n } = useLingui()
  if (!closedInParts(position)) return null
  return (
    <ol className="contract-closes" aria-label={t`Closes`}>
      {position.closes.map((close, index) => {
        const { quantity, price, pnl } = closeFigures(position, close)
        return (
          <li key={`${close.closedAt}:${index}`} className="contract-close">
            <p className="contract-close__head">
              <span>{formatDate(close.closedAt)}</span>
              <span className="muted">{i18n._(CLOSE_REASON_LABELS[close.reason])}</span>
            </p>
            <dl className="contract-close__figures">
              <div><dt><Trans context="a part of a position that was closed: its quantity">Closed</Trans></dt><dd>{quantity}</dd></div>
              <div><dt><Trans>Price</Trans></dt><dd>{price}</dd></div>
              <div><dt><Trans>P/L</Trans></dt><dd className={`trend--${signTrend(tryDec(close.pnl))}`}>{pnl}</dd></div>
            </dl>
          </li>
        )
      })}
    </ol>
  )
}
