import '../assets.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { ACCOUNT_TYPES, type AssetRecord, type Currency } from '../../../contract/assets.ts'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { exchange } from '../api'
import { availableOf, checkExchange, formatCoin, plainAmount } from '../logic'
import { AmountMaxField } from './amount-max-field'
import { CurrencySelect } from './currency-select'
import { ExchangeQuoteCard } from './exchange-quote'
import { RecordItem } from './record-item'
import { useAccount } from './use-account'
import { useConfirmedCall } from './use-confirmed-call'
import { useExchangeQuote } from './use-exchange-quote'

interface ExchangeFormProps {
  from: Currency
  to: Currency
  onPairChange: (pair: { from: Currency; to: Currency }) => void
}

type ExchangeRequest = { from: Currency; to: Currency; amount: string }

/** One currency of the spot account into another at the feed's price (spec §2 /assert/exchange). */
export function ExchangeForm({ from, to, onPairChange }: ExchangeFormProps) {
  const { t } = useLingui()
  const spot = useAccount(ACCOUNT_TYPES.spot)
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<FormErrors<'to' | 'amount'>>({})
  const [result, setResult] = useState<AssetRecord | null>(null)
  const available = availableOf(spot.rows, from)
  const quote = useExchangeQuote(from, to, amount)
  const call = useConfirmedCall(
    (request: ExchangeRequest, key: string) => exchange(request, key),
    (request) => `${request.from}>${request.to}:${request.amount}`,
    (record) => {
      toast.success(t`Exchange completed`)
      setResult(record)
      setAmount('')
      void spot.reload()
    },
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = checkExchange({ from, to, amount }, available)
    setErrors(found)
    if (!hasErrors(found)) call.review({ from, to, amount: plainAmount(amount) })
  }
  const edit = (next: string) => {
    setAmount(next)
    setErrors({})
  }
  const pending = call.request
  return (
    <>
      <form className="form" onSubmit={submit} noValidate aria-label={t`Exchange`}>
        <div className="exchange-pair">
          <CurrencySelect label={<Trans>From</Trans>} value={from} onChange={(next) => onPairChange({ from: next, to })} />
          <button type="button" className="icon-button exchange-pair__swap" aria-label={t`Swap currencies`}
            onClick={() => onPairChange({ from: to, to: from })}>⇄</button>
          <CurrencySelect label={<Trans>To</Trans>} value={to} error={errors.to} onChange={(next) => onPairChange({ from, to: next })} />
        </div>
        <AmountMaxField currency={from} available={available} value={amount} error={errors.amount} onValueChange={edit} />
        <ExchangeQuoteCard state={quote} from={from} to={to} />
        <SubmitButton busy={call.busy}><Trans>Exchange</Trans></SubmitButton>
      </form>
      {pending && (
        <ConfirmSheet title={<Trans>Confirm exchange</Trans>} confirmLabel={<Trans>Confirm</Trans>} busy={call.busy}
          onConfirm={() => void call.confirm()} onCancel={call.cancel}>
          <dl className="figures figures--sheet">
            <div><dt><Trans>You pay</Trans></dt><dd>{formatCoin(pending.amount)} {pending.from}</dd></div>
            <div><dt><Trans>You get</Trans></dt><dd>{pending.to}</dd></div>
            {quote.status === 'ready' && (
              <div className="figures__total"><dt><Trans>You receive about</Trans></dt><dd>{formatCoin(quote.quote.receive)} {pending.to}</dd></div>
            )}
          </dl>
          <p className="form__note"><Trans>The exchange uses the market price at the moment it is made, less the fee.</Trans></p>
        </ConfirmSheet>
      )}
      {result && (
        <section className="exchange-result" aria-label={t`Exchange result`}>
          <h2 className="card__title"><Trans>Exchange completed</Trans></h2>
          <RecordItem record={result} />
          <Link to="/assert/record" search={{ type: 5 }} className="button button--ghost button--small"><Trans>All exchange records</Trans></Link>
        </section>
      )}
    </>
  )
}
