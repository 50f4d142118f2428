import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent } from 'react'
import type { CollectionAccount as Account } from '../../../contract/profile.ts'
import { normalizeCardNumber, normalizeName } from '../../../contract/profile.ts'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { formatDate } from '../../../lib/format'
import { type PendingKey, sendOnce } from '../../../lib/idempotency'
import { toast } from '../../../lib/toast'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { PasswordField, TextField } from '../../../lib/ui/text-field'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchCollectionAccount, saveCollectionAccount } from '../api'
import { checkCollectionForm, groupCardNumber, type CollectionForm } from '../logic'
import { RequestView } from './request-view'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'

const EMPTY: CollectionForm = { bankName: '', cardName: '', cardNumber: '', tradePassword: '' }
type Field = keyof CollectionForm

/** Spec §3 bank card: the collection account, shown masked but the last four, set or replaced with the fund password. */
export function CollectionAccountCard() {
  const { t } = useLingui()
  const request = useRequest('bank-card', fetchCollectionAccount)
  const [saved, setSaved] = useState<Account | null>(null)
  const [form, setForm] = useState(EMPTY)
  const [errors, setErrors] = useState<FormErrors<Field>>({})
  const { busy, run } = useBusyAction()
  const pendingKey = useRef<PendingKey | null>(null)
  const refuseOffline = useRefuseOffline()
  const set = (field: Field, clean = (v: string) => v) => (value: string) => setForm((f) => ({ ...f, [field]: clean(value) }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = checkCollectionForm(form)
    setErrors(found)
    if (hasErrors(found) || refuseOffline()) return
    await run(async () => {
      const account = { bankName: normalizeName(form.bankName), cardName: normalizeName(form.cardName), cardNumber: normalizeCardNumber(form.cardNumber) }
      // The same account tried again after a lost answer keeps its key: the server answers its first answer.
      const stored = await sendOnce(pendingKey, JSON.stringify(account), (key) => saveCollectionAccount({ ...account, tradePassword: form.tradePassword }, key))
      setSaved(stored)
      setForm(EMPTY)
      toast.success(t`Collection account saved`)
    })
  }
  return (
    <section className="card form" aria-labelledby="collection-title">
      <h2 id="collection-title" className="card__title"><Trans>Collection account</Trans></h2>
      <RequestView state={request.state} onRetry={request.reload}>
        {(loaded) => {
          const account = saved ?? loaded
          return account ? (
            <dl className="me-rows" aria-label={t`Current collection account`}>
              <div className="me-row"><dt><Trans>Bank</Trans></dt><dd>{account.bankName}</dd></div>
              <div className="me-row"><dt><Trans>Card holder</Trans></dt><dd>{account.cardName}</dd></div>
              <div className="me-row"><dt><Trans>Card number</Trans></dt><dd>{account.cardNumberMasked}</dd></div>
              <div className="me-row"><dt><Trans>Updated</Trans></dt><dd>{formatDate(account.updatedAt)}</dd></div>
            </dl>
          ) : <p className="muted"><Trans>No collection account yet.</Trans></p>
        }}
      </RequestView>
      <form onSubmit={submit} noValidate className="form">
        <TextField label={<Trans>Bank name</Trans>} value={form.bankName} onValueChange={set('bankName')} error={errors.bankName} />
        <TextField label={<Trans>Card holder name</Trans>} value={form.cardName} onValueChange={set('cardName')} autoComplete="cc-name" error={errors.cardName} />
        <TextField label={<Trans>Card number</Trans>} value={form.cardNumber} onValueChange={set('cardNumber', groupCardNumber)}
          inputMode="numeric" autoComplete="cc-number" error={errors.cardNumber} />
        <PasswordField label={<Trans>Fund password</Trans>} value={form.tradePassword} onValueChange={set('tradePassword', (v) => v.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric" autoComplete="off" error={errors.tradePassword} />
        <SubmitButton busy={busy}><Trans>Save collection account</Trans></SubmitButton>
      </form>
    </section>
  )
}
