import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { ContractPosition } from '../../../contract/contracts.ts'
import { plainDecimal } from '../../../lib/decimal'
import { formatPrice } from '../../../lib/format'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { editStops } from '../api'
import { contractRules, type StopField } from '../logic'
import { checkStopsEdit, entryOf, isPending } from '../position-logic'
import { DONE, OFFLINE } from './labels'
import { StopFields } from './stop-fields'
import { usePositionAction } from './use-position-action'

interface StopsRequest {
  position: ContractPosition
  stops?: Record<StopField, string>
}

const plainOrEmpty = (price: string) => (price ? plainDecimal(price) : '')

/** Set, change or remove a position's stop loss and take profit: the button and its sheet. */
export function StopsButton({ position }: { position: ContractPosition }) {
  const editing = usePositionAction(
    (request: StopsRequest, key: string) =>
      editStops({ id: request.position.id, stopLoss: request.stops?.stopLoss, takeProfit: request.stops?.takeProfit }, key),
    (request) => JSON.stringify([request.position.id, request.stops]),
    { offline: OFFLINE.stops, done: DONE.stopsSaved },
  )
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={() => editing.review({ position })} disabled={editing.busy}>
        <Trans>SL / TP</Trans>
      </button>
      {editing.request && <StopsSheet position={position} editing={editing} />}
    </>
  )
}

function StopsSheet({ position, editing }: { position: ContractPosition; editing: ReturnType<typeof usePositionAction<StopsRequest>> }) {
  const [stops, setStops] = useState<Record<StopField, string>>(() => ({
    stopLoss: plainOrEmpty(position.stopLoss),
    takeProfit: plainOrEmpty(position.takeProfit),
  }))
  const [error, setError] = useState<{ field: StopField; message: MessageDescriptor } | null>(null)
  const { quote, pricePrecision } = contractRules(position)
  const confirm = () => {
    const refused = checkStopsEdit(position, stops, pricePrecision)
    setError(refused)
    if (!refused) editing.confirmWith({ position, stops: { stopLoss: plainOrEmpty(stops.stopLoss), takeProfit: plainOrEmpty(stops.takeProfit) } })
  }
  return (
    <ConfirmSheet title={<Trans>Stop loss and take profit</Trans>} confirmLabel={<Trans>Save</Trans>} busy={editing.busy} onConfirm={confirm} onCancel={editing.cancel}>
      <dl className="contract-summary">
        <div><dt>{isPending(position) ? <Trans>Limit price</Trans> : <Trans>Entry price</Trans>}</dt><dd>{formatPrice(entryOf(position), pricePrecision)}</dd></div>
        <div><dt><Trans>Liquidation price</Trans></dt><dd>{position.liquidationPrice ? formatPrice(position.liquidationPrice, pricePrecision) : <Trans>None</Trans>}</dd></div>
      </dl>
      <StopFields quote={quote} values={stops} errorOf={(field) => (error?.field === field ? error.message : null)}
        onChange={(field, value) => { setStops((current) => ({ ...current, [field]: value.trim() })); setError(null) }} />
      <p className="contract-note"><Trans>Leave a field empty to remove that stop.</Trans></p>
    </ConfirmSheet>
  )
}
