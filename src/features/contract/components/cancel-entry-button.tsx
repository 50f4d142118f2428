import { Trans, useLingui } from '@lingui/react/macro'
import type { ContractPosition } from '../../../contract/contracts.ts'
import { dec, plainDecimal } from '../../../lib/decimal'
import { coinText, formatBalance, formatPrice } from '../../../lib/format'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { cancelEntry } from '../api'
import { contractRules } from '../logic'
import { DIRECTION_LABELS, OFFLINE } from './labels'
import { usePositionAction } from './use-position-action'

/** A pending limit entry's Cancel, behind a confirmation that restates it and what comes back. */
export function CancelEntryButton({ position }: { position: ContractPosition }) {
  const { i18n } = useLingui()
  const cancelling = usePositionAction(
    (request: { position: ContractPosition }, key: string) => cancelEntry(request.position.id, key),
    (request) => request.position.id,
    { offline: OFFLINE.cancel, done: 'Cancelled' },
  )
  const { base, quote, pricePrecision } = contractRules(position)
  const held = plainDecimal(dec(position.margin).plus(position.openFee))
  return (
    <>
      <button type="button" className="button button--danger button--small" onClick={() => cancelling.review({ position })} disabled={cancelling.busy}>
        <Trans context="cancel a pending contract entry">Cancel</Trans>
      </button>
      {cancelling.request && (
        <ConfirmSheet title={<Trans>Cancel this entry?</Trans>} confirmLabel={<Trans>Cancel entry</Trans>} cancelLabel={<Trans>Keep entry</Trans>}
          danger busy={cancelling.busy} onConfirm={cancelling.confirm} onCancel={cancelling.cancel}>
          <dl className="contract-summary">
            <div><dt><Trans>Pair</Trans></dt><dd>{base}/{quote}</dd></div>
            <div><dt><Trans context="trade direction: up or down, long or short">Direction</Trans></dt><dd>{i18n._(DIRECTION_LABELS[position.direction])} · {position.leverage}×</dd></div>
            <div><dt><Trans>Limit price</Trans></dt><dd>{formatPrice(position.limitPrice, pricePrecision)} {quote}</dd></div>
            <div><dt><Trans>Quantity</Trans></dt><dd>{coinText(position.quantity)} {base}</dd></div>
            <div className="contract-summary__total"><dt><Trans>Returned to available</Trans></dt><dd>{formatBalance(held, quote)} {quote}</dd></div>
          </dl>
        </ConfirmSheet>
      )}
    </>
  )
}
