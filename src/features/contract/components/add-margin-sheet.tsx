import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { ContractPosition } from '../../../contract/contracts.ts'
import { dec, plainDecimal, tryDec } from '../../../lib/decimal'
import { formatBalance, formatPrice, PLACEHOLDER } from '../../../lib/format'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { TextField } from '../../../lib/ui/text-field'
import { addMargin } from '../api'
import { contractRules, MONEY_PLACES, type ContractTerms } from '../logic'
import { checkAddMargin, liquidationAfterMargin } from '../position-logic'
import { DONE, OFFLINE } from './labels'
import { usePositionAction } from './use-position-action'
import { MaxButton } from '../../../lib/ui/max-button'

interface MarginRequest {
  position: ContractPosition
  amount?: string
}

interface AddMarginProps {
  position: ContractPosition
  terms: ContractTerms | null
  /** The contract account's available USDT; null while it loads. */
  available: string | null
}

/** Add margin to a holding position: the button and its sheet, which shows where the liquidation price moves before anything is sent. */
export function AddMarginButton({ position, terms, available }: AddMarginProps) {
  const adding = usePositionAction(
    (request: MarginRequest, key: string) => addMargin({ id: request.position.id, amount: request.amount ?? '' }, key),
    (request) => `${request.position.id}:${request.amount ?? ''}`,
    { offline: OFFLINE.addMargin, done: DONE.marginAdded },
  )
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={() => adding.review({ position })} disabled={adding.busy}>
        <Trans>Add margin</Trans>
      </button>
      {adding.request && <AddMarginSheet position={position} terms={terms} available={available} adding={adding} />}
    </>
  )
}

function AddMarginSheet({ position, terms, available, adding }: AddMarginProps & { adding: ReturnType<typeof usePositionAction<MarginRequest>> }) {
  const { t } = useLingui()
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const { quote, pricePrecision } = contractRules(position)
  const added = tryDec(amount)?.isGreaterThan(0) ? amount : null
  const newLiquidation = added && terms ? liquidationAfterMargin(position, added, terms.maintenanceMarginRate, pricePrecision) : null
  const liquidation = (value: string | null) => (value ? formatPrice(value, pricePrecision) : <Trans>None</Trans>)
  const confirm = () => {
    const refused = checkAddMargin(amount, available)
    setError(refused)
    if (!refused) adding.confirmWith({ position, amount: plainDecimal(amount) })
  }
  const max = (
    <MaxButton description={t`Use the whole available margin`} disabled={available === null}
      onClick={() => { if (available !== null) { setAmount(plainDecimal(available, MONEY_PLACES)); setError(null) } }} />
  )
  return (
    <ConfirmSheet title={<Trans>Add margin</Trans>} confirmLabel={<Trans>Add margin</Trans>} busy={adding.busy} onConfirm={confirm} onCancel={adding.cancel}>
      <TextField label={<Trans>Amount ({quote})</Trans>} value={amount} error={error} trailing={max} inputMode="decimal" autoComplete="off"
        onValueChange={(value) => { setAmount(value.trim()); setError(null) }} />
      <dl className="contract-summary">
        <div><dt><Trans>Available margin</Trans></dt><dd>{available === null ? PLACEHOLDER : `${formatBalance(available, quote)} ${quote}`}</dd></div>
        <div><dt><Trans>Margin</Trans></dt><dd>{formatBalance(position.margin, quote)} {quote}{added && ` → ${formatBalance(plainDecimal(dec(position.margin).plus(added)), quote)} ${quote}`}</dd></div>
        <div><dt><Trans>Liquidation price</Trans></dt><dd>{liquidation(position.liquidationPrice || null)}</dd></div>
        <div className="contract-summary__total">
          <dt><Trans>New liquidation price</Trans></dt>
          <dd>{added ? liquidation(newLiquidation ? plainDecimal(newLiquidation) : null) : PLACEHOLDER}</dd>
        </div>
      </dl>
    </ConfirmSheet>
  )
}
