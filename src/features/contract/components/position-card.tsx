import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode } from 'react'
import { DIRECTIONS, type ContractPosition } from '../../../contract/contracts.ts'
import { coinText, formatBalance, formatDate, formatPrice, PLACEHOLDER } from '../../../lib/format'
import { usePairTick } from '../../../lib/ui/use-pair-tick'
import { contractRules, roePercent, unrealisedPnl, type ContractTerms } from '../logic'
import { entryOf, feesPaid, isHolding, isPending } from '../position-logic'
import { AddMarginButton } from './add-margin-sheet'
import { CancelEntryButton } from './cancel-entry-button'
import { CloseButton } from './close-sheet'
import { CLOSE_REASON_LABELS, DIRECTION_LABELS, ENTRY_TYPE_LABELS, RESULT_LABELS, STATUS_LABELS } from './labels'
import { PositionCloses } from './position-closes'
import { PositionDetail } from './position-detail'
import { SignedAmount } from './signed-amount'
import { StopsButton } from './stops-sheet'
import { plainDecimal } from '../../../lib/decimal'

interface PositionCardProps {
  position: ContractPosition
  /** The pair's terms (close fee, minimum, maintenance rate), for the sheets; null while they load. */
  terms: ContractTerms | null
  /** The trade screen's card acts on the position; the record's opens its full detail instead. */
  mode: 'trade' | 'record'
  /** The contract account's available USDT (the add-margin sheet's limit). */
  available?: string | null
}

const figure = (term: ReactNode, value: ReactNode, className?: string) => <div className={className}><dt>{term}</dt><dd>{value}</dd></div>

/**
 * One position (spec §3 contract order): direction, pair, multiple, entry and status; quantity,
 * entry (a pending entry's limit), the mark price and the P/L and ROE it gives now — live on the
 * 5 s tick, coloured by sign — the liquidation price, margin and stops; a closed one's exit, P/L
 * and result (spec §4 win or lose).
 */
export function PositionCard({ position, terms, mode, available = null }: PositionCardProps) {
  const { t, i18n } = useLingui()
  const [expanded, setExpanded] = useState(false)
  const detailId = useId()
  const mark = usePairTick(position.symbol)?.close ?? null
  const { base, quote, pricePrecision } = contractRules(position)
  const open = isHolding(position) || isPending(position)
  const direction = position.direction === DIRECTIONS.long ? 'long' : 'short'
  const name = `${i18n._(DIRECTION_LABELS[position.direction])} ${base}/${quote} ${position.leverage}×`
  // The unit is not shown beside each price (a card has no room): a screen reader hears it.
  const price = (value: string) => (value ? <>{formatPrice(value, pricePrecision)}<span className="sr-only"> {quote}</span></> : PLACEHOLDER)
  const pnl = isHolding(position) ? unrealisedPnl(position.direction, position.entryPrice, mark, position.quantity) : null
  const roe = roePercent(pnl, position.margin)
  return (
    <li className="contract-position">
      <article aria-label={t`${name} position`}>
        <header className="contract-position__head">
          <span className={`contract-direction contract-direction--${direction}`}>{i18n._(DIRECTION_LABELS[position.direction])}</span>
          <strong>{base}/{quote}</strong>
          <span className="contract-position__meta muted">{position.leverage}× · {i18n._(ENTRY_TYPE_LABELS[position.entryType])}</span>
          {position.result !== null && (
            <span className={`contract-result contract-result--${position.result}`}>{i18n._(RESULT_LABELS[position.result])}</span>
          )}
          <span className={`contract-status contract-status--${position.status}`}>{i18n._(STATUS_LABELS[position.status])}</span>
        </header>
        {isHolding(position) && (
          <dl className="contract-position__pnl">
            {figure(<Trans>Unrealised P/L ({quote})</Trans>, <SignedAmount value={pnl ? plainDecimal(pnl) : null} unit={quote} />)}
            {figure(<Trans>ROE</Trans>, <SignedAmount value={roe ? plainDecimal(roe) : null} percent />)}
          </dl>
        )}
        {!open && (
          <dl className="contract-position__pnl">
            {figure(<Trans>Realised P/L ({quote})</Trans>, <SignedAmount value={position.realizedPnl} unit={quote} />)}
            {figure(<Trans>Fees ({quote})</Trans>, formatBalance(plainDecimal(feesPaid(position)), quote))}
          </dl>
        )}
        <dl className="contract-position__figures">
          {figure(<Trans>Quantity ({base})</Trans>, coinText(open ? position.quantity : position.openedQuantity))}
          {figure(isPending(position) ? <Trans>Limit price</Trans> : <Trans>Entry price</Trans>, price(entryOf(position)))}
          {open ? figure(<Trans>Mark price</Trans>, price(mark ?? '')) : figure(<Trans>Exit price</Trans>, price(position.exitPrice))}
          {open && figure(<Trans>Liq. price</Trans>, position.liquidationPrice ? price(position.liquidationPrice) : isPending(position) ? PLACEHOLDER : <Trans>None</Trans>)}
          {open && figure(<Trans>Margin ({quote})</Trans>, formatBalance(position.margin, quote))}
          {!open && figure(<Trans>Close reason</Trans>, position.closeReason === null ? PLACEHOLDER : i18n._(CLOSE_REASON_LABELS[position.closeReason]))}
          {figure(<Trans>Stop loss</Trans>, price(position.stopLoss))}
          {figure(<Trans>Take profit</Trans>, price(position.takeProfit))}
          {figure(open ? <Trans>Opened</Trans> : <Trans>Closed</Trans>, formatDate(open ? position.createdAt : position.closedAt), 'contract-position__time')}
        </dl>
        {mode === 'record' && <PositionCloses position={position} />}
        <div className="contract-position__actions">
          {mode === 'record' && (
            <button type="button" className="button button--text button--small" aria-expanded={expanded}
              aria-controls={expanded ? detailId : undefined} onClick={() => setExpanded((shown) => !shown)}>
              {expanded ? <Trans>Hide details</Trans> : <Trans>Details</Trans>}
            </button>
          )}
          {mode === 'trade' && isHolding(position) && (
            <>
              <StopsButton position={position} />
              <AddMarginButton position={position} terms={terms} available={available} />
              <CloseButton position={position} mark={mark} terms={terms} />
            </>
          )}
          {mode === 'trade' && isPending(position) && (
            <>
              <StopsButton position={position} />
              <CancelEntryButton position={position} />
            </>
          )}
        </div>
        {expanded && <PositionDetail id={detailId} position={position} mark={mark} />}
      </article>
    </li>
  )
}
