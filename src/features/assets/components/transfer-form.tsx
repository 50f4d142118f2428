import '../assets.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { Currency, TransferType } from '../../../contract/assets.ts'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { sendTransfer } from '../api'
import { loadAccountAtom } from '../atoms'
import { availableOf, checkTransfer, formatCoin, plainAmount, transferAccounts, transferCurrencies } from '../logic'
import { AmountMaxField } from './amount-max-field'
import { CurrencySelect } from './currency-select'
import { PendingTransfers } from './pending-transfers'
import { ACCOUNT_LABELS } from './record-labels'
import { TransferDirection } from './transfer-direction'
import { useAccount } from './use-account'
import { useConfirmedCall } from './use-confirmed-call'

interface TransferFormProps {
  type: TransferType
  currency: Currency
  onCurrencyChange: (currency: Currency) => void
  onReverse: () => void
}

interface TransferRequest {
  type: TransferType
  currency: Currency
  amount: string
}

/** Moves funds between the spot and contract accounts (spec §2 /assert/transfer/{type}, §4, §5). */
export function TransferForm({ type, currency: asked, onCurrencyChange, onReverse }: TransferFormProps) {
  const { t, i18n } = useLingui()
  const { from, to } = transferAccounts(type)
  const source = useAccount(from)
  // A coin the receiving account cannot hold (?currency=BTC into contract) falls back to USDT.
  const options = transferCurrencies(type, source.rows)
  const currency = options.includes(asked) ? asked : 'USDT'
  const load = useSetAtom(loadAccountAtom)
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<FormErrors<'amount'>>({})
  const available = availableOf(source.rows, currency)
  const call = useConfirmedCall(
    (request: TransferRequest, key: string) => sendTransfer(request, key),
    (request) => `${request.type}:${request.currency}:${request.amount}`,
    (outcome) => {
      setAmount('')
      // Offline or answer lost: the outbox sends it later and PendingTransfers shows it meanwhile.
      if (outcome.queued) return void toast.warning(t`No network: the transfer is queued and will be sent when the network is back`)
      // Spec §4: on code 1 the success message shows and the amount clears; both balances moved.
      toast.success('c_a_transferSuc')
      void Promise.allSettled([load(from), load(to)])
    },
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = checkTransfer({ amount }, available)
    setErrors(found)
    if (!hasErrors(found)) call.review({ type, currency, amount: plainAmount(amount) })
  }
  const pending = call.request
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t`Transfer`}>
      <TransferDirection type={type} onReverse={onReverse} />
      <CurrencySelect label={<Trans>Currency</Trans>} value={currency} onChange={onCurrencyChange} options={options} />
      <AmountMaxField currency={currency} available={available} value={amount} error={errors.amount}
        placeholder={t`At least 0.00001`} onValueChange={(next) => { setAmount(next); setErrors({}) }} />
      <SubmitButton busy={call.busy}><Trans>Transfer</Trans></SubmitButton>
      {pending && (
        <ConfirmSheet title={<Trans>Confirm transfer</Trans>} confirmLabel={<Trans>Confirm</Trans>} busy={call.busy}
          onConfirm={() => void call.confirm()} onCancel={call.cancel}>
          <dl className="figures figures--sheet">
            <div><dt><Trans>From</Trans></dt><dd>{i18n._(ACCOUNT_LABELS[transferAccounts(pending.type).from])}</dd></div>
            <div><dt><Trans>To</Trans></dt><dd>{i18n._(ACCOUNT_LABELS[transferAccounts(pending.type).to])}</dd></div>
            <div><dt><Trans>Currency</Trans></dt><dd>{pending.currency}</dd></div>
            <div className="figures__total"><dt><Trans>Amount</Trans></dt><dd>{formatCoin(pending.amount)} {pending.currency}</dd></div>
          </dl>
        </ConfirmSheet>
      )}
      <PendingTransfers />
    </form>
  )
}
