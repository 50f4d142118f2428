import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { CLOSE_REASONS, type CloseReason, type ContractPosition } from '../../../contract/contracts.ts'
import { type BigNumber, dec, plainDecimal } from '../../../lib/decimal'
import { coinText, formatBalance, formatDate, formatPrice, PLACEHOLDER } from '../../../lib/format'
import { translate } from '../../../lib/i18n'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchPosition } from '../api'
import { contractRules, unrealisedPnl } from '../logic'
import { feesPaid, isHolding } from '../position-logic'
import { CLOSE_REASON_LABELS, DIRECTION_LABELS, ENTRY_TYPE_LABELS, RESULT_LABELS, STATUS_LABELS } from './labels'
import { SignedAmount } from './signed-amount'

/** The level a trigger closed the position at: its stop loss, take profit or liquidation price. */
function triggerOf(position: ContractPosition, reason: CloseReason | null): string {
  if (reason === CLOSE_REASONS.stopLoss) return position.stopLoss
  if (reason === CLOSE_REASONS.takeProfit) return position.takeProfit
  if (reason === CLOSE_REASONS.liquidation) return position.liquidationPrice
  return ''
}

const plainOrNull = (value: BigNumber | null | undefined): string | null => (value ? plainDecimal(value) : null)

const row = (term: ReactNode, value: ReactNode) => <div><dt>{term}</dt><dd>{value}</dd></div>

/**
 * A position's full detail (the detail call): every label of spec §3 — id, type, limit, multiple,
 * buy price, current price, profit/loss, time, status, stop loss, take profit — and the entry,
 * trigger and exit prices and times, the close reason, the fees and the P/L realised. Loaded
 * again when the position changes.
 */
export function PositionDetail({ id, position, mark }: { id: string; position: ContractPosition; mark: string | null }) {
  const { t, i18n } = useLingui()
  const detail = useRequest(`contract-position:${position.id}:${position.status}:${position.quantity}:${position.margin}`, () => fetchPosition(position.id))
  if (detail.state.status === 'loading') {
    return <p id={id} className="contract-position__detail muted" role="status" aria-label={t`Loading position details`}><span className="spinner" /></p>
  }
  if (detail.state.status === 'error') {
    const reason = detail.state.error instanceof Error ? translate(detail.state.error.message) : ''
    return (
      <div id={id} className="contract-position__detail contract-note contract-note--warn" role="alert">
        <Trans>The position details could not be loaded.</Trans> {reason}{' '}
        <button type="button" className="button button--text button--small" onClick={detail.reload}><Trans>Retry</Trans></button>
      </div>
    )
  }
  const full = detail.state.data
  const { base, quote, pricePrecision } = contractRules(full)
  const price = (value: string) => (value ? `${formatPrice(value, pricePrecision)} ${quote}` : PLACEHOLDER)
  const money = (value: string) => `${formatBalance(value, quote)} ${quote}`
  const holding = isHolding(full)
  const pnl = holding ? plainOrNull(unrealisedPnl(full.direction, full.entryPrice, mark, full.quantity)) : full.realizedPnl
  const fees = feesPaid(full)
  const closed = full.closedAt !== null
  // A holding position closed in part has realised some P/L and paid close fees already.
  const closedPart = !dec(full.closeFee).isZero() || !dec(full.realizedPnl).isZero()
  return (
    <div id={id} className="contract-position__detail" role="region" aria-label={t`Position details`}>
      <dl className="contract-summary">
        {row(<Trans>ID</Trans>, full.id)}
        {row(<Trans>Type</Trans>, `${i18n._(DIRECTION_LABELS[full.direction])} · ${i18n._(ENTRY_TYPE_LABELS[full.entryType])}`)}
        {row(<Trans>Limit</Trans>, full.limitPrice ? price(full.limitPrice) : <Trans context="no limit price: entered at the market price">Market</Trans>)}
        {row(<Trans>Multiple</Trans>, `${full.leverage}×`)}
        {row(<Trans>Buy price</Trans>, price(full.entryPrice))}
        {row(<Trans>Current price</Trans>, price(mark ?? ''))}
        {row(holding ? <Trans>Profit/loss (unrealised)</Trans> : <Trans>Profit/loss</Trans>, <SignedAmount value={pnl} unit={quote} />)}
        {row(<Trans>Time</Trans>, formatDate(full.createdAt))}
        {row(<Trans>Status</Trans>, i18n._(STATUS_LABELS[full.status]))}
        {row(<Trans>Stop loss</Trans>, price(full.stopLoss))}
        {row(<Trans>Take profit</Trans>, price(full.takeProfit))}
        {row(<Trans>Quantity</Trans>, `${coinText(full.quantity)} / ${coinText(full.openedQuantity)} ${base}`)}
        {row(<Trans>Margin</Trans>, money(full.margin))}
        {row(<Trans>Entered at</Trans>, formatDate(full.openedAt))}
        {full.closeReason !== null && row(<Trans>Close reason</Trans>, i18n._(CLOSE_REASON_LABELS[full.closeReason]))}
        {triggerOf(full, full.closeReason) && row(<Trans>Trigger price</Trans>, price(triggerOf(full, full.closeReason)))}
        {closed && row(<Trans>Exit price</Trans>, price(full.exitPrice))}
        {closed && row(<Trans>Closed at</Trans>, formatDate(full.closedAt))}
        {row(<Trans>Open fee</Trans>, money(full.openFee))}
        {(closed || closedPart) && row(<Trans>Close fee</Trans>, money(full.closeFee))}
        {(closed || closedPart) && row(<Trans>Realised P/L</Trans>, <SignedAmount value={full.realizedPnl} unit={quote} />)}
        {closed && row(<Trans>Net of fees</Trans>, <SignedAmount value={plainDecimal(dec(full.realizedPnl).minus(fees))} unit={quote} />)}
        {full.result !== null && row(<Trans>Result</Trans>, i18n._(RESULT_LABELS[full.result]))}
      </dl>
    </div>
  )
}
