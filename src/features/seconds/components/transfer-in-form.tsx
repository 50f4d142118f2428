import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { ACCOUNT_TYPES } from '../../../contract/assets.ts'
import { plainDecimal } from '../../../lib/decimal'
import { PLACEHOLDER } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { TextField } from '../../../lib/ui/text-field'
import { useConfirmedCall } from '../../../lib/ui/use-confirmed-call'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchAccount, transferIn } from '../api'
import { availableOf, checkTransferIn } from '../account-logic'
import { coin } from '../logic'
import { MaxButton } from '../../../lib/ui/max-button'

interface TransferInProps {
  currency: string
  /** After the money moved: the contract account and its records reload. */
  onDone: () => void
}

/** Spot → contract transfer (spec §3 transfer payload, §4, §5 c_a_transferTip), behind a confirmation. */
export function TransferInForm({ currency, onDone }: TransferInProps) {
  const { t } = useLingui()
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const [round, setRound] = useState(0)
  const spot = useRequest(`spot:${round}`, () => fetchAccount(ACCOUNT_TYPES.spot))
  const available = spot.state.status === 'ready' ? availableOf(spot.state.data, currency) : null
  const call = useConfirmedCall(
    (request: { amount: string; currency: string }, key: string) => transferIn(request, key),
    (request) => `${request.currency}:${request.amount}`,
    () => {
      // Spec §4: on code 1 the success message shows and the amount clears.
      toast.success('c_a_transferSuc')
      setAmount('')
      setRound((value) => value + 1)
      onDone()
    },
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const refused = checkTransferIn(amount, available)
    setError(refused)
    if (!refused) call.review({ amount: plainDecimal(amount), currency })
  }
  const max = (
    <MaxButton description={t`Use the whole spot balance`} disabled={available === null}
      onClick={() => available !== null && (setAmount(plainDecimal(available, 8)), setError(null))} />
  )
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t`Transfer into the contract account`}>
      <p className="muted seconds-note"><Trans>From the spot account into the contract account.</Trans></p>
      <TextField label={<Trans>Transfer amount ({currency})</Trans>} value={amount} error={error} trailing={max} inputMode="decimal"
        autoComplete="off" placeholder={t`At least 0.00001`} onValueChange={(next) => { setAmount(next.trim()); setError(null) }} />
      <p className="seconds-available muted"><Trans>Spot available: {available === null ? PLACEHOLDER : coin(available)} {currency}</Trans></p>
      <SubmitButton busy={call.busy}><Trans>Transfer in</Trans></SubmitButton>
      {call.request && (
        <ConfirmSheet title={<Trans>Confirm transfer</Trans>} confirmLabel={<Trans>Confirm</Trans>} busy={call.busy}
          onConfirm={() => void call.confirm()} onCancel={call.cancel}>
          <dl className="seconds-figures seconds-figures--sheet">
            <div><dt><Trans>From</Trans></dt><dd><Trans>Spot account</Trans></dd></div>
            <div><dt><Trans>To</Trans></dt><dd><Trans>Contract account</Trans></dd></div>
            <div className="seconds-figures__total"><dt><Trans>Amount</Trans></dt><dd>{coin(call.request.amount)} {call.request.currency}</dd></div>
          </dl>
        </ConfirmSheet>
      )}
    </form>
  )
}
