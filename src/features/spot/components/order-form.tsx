import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { ORDER_SIDES, ORDER_TYPES } from '../../../contract/spot.ts'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { ShareChoice } from '../../../lib/ui/share-choice'
import { TextField } from '../../../lib/ui/text-field'
import type { SpotSide } from '../pair-search'
import { amountForShare, checkOrder, estimateOrder, holdRate, SPOT_MESSAGES, usesPrice, usesTotal, type MarketTerms, type PairRules } from '../logic'
import { OFFLINE_PLACE } from './labels'
import { OrderFigures } from './order-figures'
import { orderRequest } from './order-request'
import { OrderSummary } from './order-summary'
import { SideSwitch } from './side-switch'
import { TypeChoice } from './type-choice'
import type { useSpotForm } from './use-spot-form'
import type { usePlaceOrder } from './use-place-order'
import { VisitorNote } from '../../../lib/ui/visitor-note'

interface OrderFormProps {
  rules: PairRules
  terms: MarketTerms | null
  termsFailed: boolean
  onRetryTerms: () => void
  /** The balance of the coin this side spends: null for a visitor or while it loads. */
  balance: { available: string | null; failed: boolean; retry: () => void }
  spent: string
  state: ReturnType<typeof useSpotForm>
  placing: ReturnType<typeof usePlaceOrder>
  onSideChange: (side: SpotSide) => void
}

/** Side, type, prices, amount (or a market buy's total), 25–100 %, the estimates and Buy/Sell behind a confirmation. */
export function OrderForm({ rules, terms, termsFailed, onRetryTerms, balance, spent, state, placing, onSideChange }: OrderFormProps) {
  const { t, i18n } = useLingui()
  const { form, error } = state
  const { available } = balance
  const { base, quote } = rules
  const side = form.side === ORDER_SIDES.buy ? 'buy' : 'sell'
  const errorOf = (field: string) => (error?.field === field ? error.message : null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!terms || !placing.allowed()) return
    const refused = checkOrder(form, rules, terms, available)
    state.setError(refused)
    if (!refused) placing.review(orderRequest(form, rules, terms))
  }
  const share = (part: string) => {
    if (available === null || !terms) return
    const next = amountForShare(part, form, available, rules, holdRate(terms))
    if (next) state.setField(next.field, next.value)
    else state.setError({ field: 'price', message: SPOT_MESSAGES.needsPrice })
  }
  const decimal = { inputMode: 'decimal', autoComplete: 'off' } as const
  return (
    <form className="spot-form" onSubmit={submit} noValidate aria-label={t`Place a spot order`}>
      <SideSwitch side={form.side} onChange={onSideChange} />
      <TypeChoice value={form.type} onChange={state.setType} />
      {form.type === ORDER_TYPES.stopLimit && (
        <TextField label={<Trans>Trigger price ({quote})</Trans>} value={form.triggerPrice} error={errorOf('triggerPrice')} {...decimal}
          onValueChange={(value) => state.setField('triggerPrice', value)} />
      )}
      {usesPrice(form.type) ? (
        <TextField label={<Trans>Price ({quote})</Trans>} value={form.price} error={errorOf('price')} {...decimal}
          onValueChange={(value) => state.setField('price', value)} />
      ) : (
        <TextField label={<Trans>Price ({quote})</Trans>} value={t`Best market price`} disabled onValueChange={() => undefined} />
      )}
      {usesTotal(form) ? (
        <TextField label={<Trans>Total ({quote})</Trans>} value={form.total} error={errorOf('total')} {...decimal}
          placeholder={t`Fee included`} onValueChange={(value) => state.setField('total', value)} />
      ) : (
        <TextField label={<Trans>Amount ({base})</Trans>} value={form.amount} error={errorOf('amount')} {...decimal}
          onValueChange={(value) => state.setField('amount', value)} />
      )}
      <ShareChoice disabled={available === null || !terms} onChoose={share} />
      {form.type === ORDER_TYPES.limit && (
        <label className="checkbox spot-post-only">
          <input type="checkbox" checked={form.postOnly} onChange={(event) => state.setPostOnly(event.target.checked)} />
          <Trans>Post only (never trades at once)</Trans>
        </label>
      )}
      <OrderFigures available={available} spent={spent} quote={quote} estimate={terms && estimateOrder(form, terms)} />
      {balance.failed && available === null && (
        <p className="spot-note spot-note--warn" role="alert">
          <Trans>Your balance could not be loaded.</Trans>{' '}
          <button type="button" className="button button--text button--small" onClick={balance.retry}><Trans>Retry</Trans></button>
        </p>
      )}
      {termsFailed && !terms && (
        <p className="spot-note spot-note--warn" role="alert">
          <Trans>The trading fees could not be loaded.</Trans>{' '}
          <button type="button" className="button button--text button--small" onClick={onRetryTerms}><Trans>Retry</Trans></button>
        </p>
      )}
      {!placing.online && <p className="spot-note spot-note--warn" role="alert">{i18n._(OFFLINE_PLACE)}</p>}
      <button type="submit" className={`button button--block spot-submit spot-submit--${side}`} disabled={placing.busy || !terms} aria-busy={placing.busy}>
        {form.side === ORDER_SIDES.buy ? <Trans>Buy {base}</Trans> : <Trans>Sell {base}</Trans>}
      </button>
      <VisitorNote />
      {placing.request && (
        <ConfirmSheet title={<Trans>Confirm order</Trans>} confirmLabel={<Trans>Confirm</Trans>} busy={placing.busy}
          onConfirm={placing.confirm} onCancel={placing.cancel}>
          <OrderSummary request={placing.request} />
        </ConfirmSheet>
      )}
    </form>
  )
}
