import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { AssetRecord } from '../../../contract/assets.ts'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { TextField } from '../../../lib/ui/text-field'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { usePickedImage } from '../../../lib/ui/use-picked-image'
import { submitDeposit } from '../api'
import { checkDeposit, checkProofFile, formatCoin } from '../logic'
import { RechargeProofField } from './recharge-proof-field'
import { RecordsLink } from './withdraw-success'

interface RechargeFormProps {
  currency: string
  chain: string
  /** The credited minimum from the deposit address; null until it has loaded (nothing is sent before). */
  minimum: string | null
}

type Field = 'amount' | 'proof'

/** Tell the operators what was sent: the amount and a proof image; the record waits for their review. */
export function RechargeForm({ currency, chain, minimum }: RechargeFormProps) {
  const { t } = useLingui()
  const [amount, setAmount] = useState('')
  const { picked, pick: pickImage } = usePickedImage()
  const proof = picked?.file ?? null
  const [errors, setErrors] = useState<FormErrors<Field>>({})
  const [sent, setSent] = useState<AssetRecord | null>(null)
  const { busy, run } = useBusyAction()

  // The size and type are judged as soon as the file is picked, not only when sending.
  const pick = (file: File | null) => {
    pickImage(file)
    setErrors((current) => ({ ...current, proof: (file && checkProofFile(file)) ?? undefined }))
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (minimum === null) return
    const found = checkDeposit({ amount, proof }, minimum)
    setErrors(found)
    if (hasErrors(found) || !proof) return
    await run(async () => {
      setSent(await submitDeposit({ currency, chain, amount, proof }))
      toast.success('Submitted')
      setAmount('')
      pickImage(null)
    })
  }

  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="recharge-form-title">
      <h2 id="recharge-form-title" className="card__title"><Trans>I have sent the deposit</Trans></h2>
      <TextField label={<Trans>Deposit amount ({currency})</Trans>} value={amount} onValueChange={setAmount}
        inputMode="decimal" autoComplete="off" error={errors.amount}
        placeholder={minimum === null ? '' : t`At least ${formatCoin(minimum)}`} />
      <RechargeProofField picked={picked} onChange={pick} error={errors.proof} />
      <SubmitButton busy={busy} disabled={minimum === null}><Trans>Submit</Trans></SubmitButton>
      {sent && (
        <div className="notice notice--success" role="status">
          <p><Trans>Deposit of {formatCoin(sent.amount)} {sent.currency} submitted. It is pending review and is credited once approved.</Trans></p>
          <RecordsLink />
        </div>
      )}
    </form>
  )
}
