import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { ContractPosition } from '../../../contract/contracts.ts'
import { type BigNumber, plainDecimal } from '../../../lib/decimal'
import { coinText, formatBalance, formatPrice, PLACEHOLDER } from '../../../lib/format'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { TextField } from '../../../lib/ui/text-field'
import { closePosition } from '../api'
import { contractRules, type ContractTerms } from '../logic'
import { checkClosePart, estimateClose } from '../position-logic'
import { closeToast } from '../close-text'
import { DIRECTION_LABELS, OFFLINE } from './labels'
import { SignedAmount } from './signed-amount'
import { usePositionAction } from './use-position-action'

interface CloseRequest {
  position: ContractPosition
  /** Absent: all of it, whatever it holds by then. */
  quantity?: string
}

/** Close all or part of a holding position: the button and its sheet. */
export function CloseButton({ position, mark, terms }: { position: ContractPosition; mark: string | null; terms: ContractTerms | null }) {
  const closing = usePositionAction(
    (request: CloseRequest, key: string) => closePosition({ id: request.position.id, quantity: request.quantity }, key),
    (request) => `${request.position.id}:${request.quantity ?? 'all'}`,
    // The answer is the position after the close: the toast says what this close did.
    { offline: OFFLINE.close, done: closeToast },
  )
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={() => closing.review({ position })} disabled={closing.busy}>
        <Trans context="close a contract position">Close</Trans>
      </button>
      {closing.request && <CloseSheet position={position} mark={mark} terms={terms} closing={closing} />}
    </>
  )
}

interface CloseSheetProps {
  position: ContractPosition
  mark: string | null
  terms: ContractTerms | null
  closing: ReturnType<typeof usePositionAction<CloseRequest, ContractPosition>>
}

function CloseSheet({ position, mark, terms, closing }: CloseSheetProps) {
  const { i18n } = useLingui()
  const [quantity, setQuantity] = useState(() => plainDecimal(position.quantity))
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const { base, quote, pricePrecision, quantityPrecision } = contractRules(position)
  const estimate = terms && estimateClose(position, quantity, mark, terms.closeFeeRate)
  const all = quantity !== '' && quantity === plainDecimal(position.quantity)
  const confirm = () => {
    const refused = checkClosePart(quantity, position.quantity, quantityPrecision, terms?.minQuantity ?? '0')
    setError(refused)
    if (!refused) closing.confirmWith({ position, quantity: all ? undefined : plainDecimal(quantity) })
  }
  const allButton = (
    <button type="button" className="field__action" onClick={() => { setQuantity(plainDecimal(position.quantity)); setError(null) }}>
      <Trans context="close the whole position">All</Trans>
    </button>
  )
  const money = (value: BigNumber | undefined) => (value ? `${formatBalance(plainDecimal(value), quote)} ${quote}` : PLACEHOLDER)
  return (
    <ConfirmSheet title={<Trans>Close {base}/{quote} {i18n._(DIRECTION_LABELS[position.direction])}</Trans>}
      confirmLabel={all ? <Trans>Close all</Trans> : <Trans>Close part</Trans>} busy={closing.busy} onConfirm={confirm} onCancel={closing.cancel}>
      <TextField label={<Trans>Quantity to close ({base})</Trans>} value={quantity} error={error} trailing={allButton}
        inputMode="decimal" autoComplete="off" onValueChange={(value) => { setQuantity(value.trim()); setError(null) }} />
      <dl className="contract-summary">
        <div><dt><Trans>Holding</Trans></dt><dd>{coinText(position.quantity)} {base}</dd></div>
        <div><dt><Trans>Mark price</Trans></dt><dd>{formatPrice(mark, pricePrecision)}</dd></div>
        <div><dt><Trans>Est. P/L</Trans></dt><dd>{estimate ? <><SignedAmount value={plainDecimal(estimate.pnl)} /> {quote}</> : PLACEHOLDER}</dd></div>
        <div><dt><Trans>Est. close fee</Trans></dt><dd>{money(estimate?.fee)}</dd></div>
        <div className="contract-summary__total"><dt><Trans>Est. returned to available</Trans></dt><dd>{money(estimate?.payout)}</dd></div>
      </dl>
      <p className="contract-note"><Trans>Closes at the market price of the moment it reaches the exchange.</Trans></p>
    </ConfirmSheet>
  )
}
