import '../seconds.css'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { TRADE_TYPES, type SecondsTradeType } from '../../../contract/seconds.ts'
import { plainDecimal } from '../../../lib/decimal'
import { PLACEHOLDER } from '../../../lib/format'
import { useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { TextField } from '../../../lib/ui/text-field'
import { useConfirmedCall } from '../../../lib/ui/use-confirmed-call'
import { useOnline } from '../../../lib/ui/use-online'
import { createOrder } from '../api'
import { ordersChangedAtom } from '../atoms'
import { availableOf } from '../account-logic'
import { checkOpenAmount, coin, maxOpenAmount, quoteOrder } from '../logic'
import { DurationChoice } from './duration-choice'
import { OFFLINE_ORDER } from './labels'
import { OrderSummary, type OrderRequest } from './order-confirm'
import { useContractAccount } from './use-contract-account'
import { useOrderForm } from './use-order-form'
import { MaxButton } from '../../../lib/ui/max-button'

/** Duration, open amount and Up/Down behind a confirmation (spec §2, §4, §5). */
export function OrderPanel({ pair }: { pair: { base: string; quote: string } }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const { form, configs, configFailed, reloadConfig, choose, setAmount } = useOrderForm()
  const account = useContractAccount()
  const ordersChanged = useSetAtom(ordersChangedAtom)
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const available = availableOf(account.rows, pair.quote)
  const call = useConfirmedCall(
    (request: OrderRequest, key: string) => createOrder(request.input, key),
    (request) => JSON.stringify(request.input),
    () => {
      // Spec §4: on code 200 the success message, the amount cleared and the list reloaded.
      toast.success('c_create_success')
      setAmount('')
      ordersChanged()
      void account.reload()
    },
  )
  const place = (tradeType: SecondsTradeType) => {
    if (!online) return void toast.error(OFFLINE_ORDER)
    const refused = checkOpenAmount(form, available, pair.quote)
    setError(refused)
    if (refused || form.positionTime === null) return
    const openAmount = plainDecimal(form.openAmount)
    call.review({
      input: { openAmount, baseCoin: pair.base, quoteCoin: pair.quote, positionTime: form.positionTime, tradeType },
      profitRate: form.profitRate,
      quote: quoteOrder(openAmount, form.profitRate, form.feeRate),
    })
  }
  // The connection may have gone while the sheet was open: refused, nothing sent, the sheet stays.
  const confirm = () => (navigator.onLine ? void call.confirm() : void toast.error(OFFLINE_ORDER))
  const max = (
    <MaxButton description={t`Use the whole available balance`} disabled={available === null}
      onClick={() => available !== null && (setAmount(maxOpenAmount(available, form.feeRate)), setError(null))} />
  )
  const minimum = coin(form.minLimit)
  return (
    <section className="seconds-trade" aria-label={t`Place an order`}>
      <DurationChoice configs={configs} failed={configFailed} value={form.positionTime} onChange={(entry) => { choose(entry); setError(null) }}
        onRetry={reloadConfig} />
      <TextField label={<Trans>Open amount ({pair.quote})</Trans>} value={form.openAmount} error={error} trailing={max}
        onValueChange={(next) => { setAmount(next.trim()); setError(null) }} inputMode="decimal" autoComplete="off"
        placeholder={t`At least ${minimum}`} />
      <p className="seconds-available muted">
        <Trans>Available: {available === null ? PLACEHOLDER : coin(available)} {pair.quote}</Trans>
      </p>
      {!online && <p className="seconds-offline" role="alert">{i18n._(OFFLINE_ORDER)}</p>}
      <div className="seconds-sides">
        <button type="button" className="button seconds-side seconds-side--up" onClick={() => place(TRADE_TYPES.up)}
          disabled={call.busy || form.positionTime === null} aria-busy={call.busy}>
          <Trans context="seconds contract: place an order on the price going up">Up</Trans>
        </button>
        <button type="button" className="button seconds-side seconds-side--down" onClick={() => place(TRADE_TYPES.down)}
          disabled={call.busy || form.positionTime === null} aria-busy={call.busy}>
          <Trans context="seconds contract: place an order on the price going down">Down</Trans>
        </button>
      </div>
      {call.request && (
        <ConfirmSheet title={<Trans>Confirm order</Trans>} confirmLabel={<Trans>Confirm</Trans>} busy={call.busy}
          onConfirm={confirm} onCancel={call.cancel}>
          <OrderSummary request={call.request} />
        </ConfirmSheet>
      )}
    </section>
  )
}
