import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent } from 'react'
import { DOC_TYPES, normalizeDocNumber, normalizeName, type DocType, type KycInfo } from '../../../contract/profile.ts'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { type PendingKey, sendOnce } from '../../../lib/idempotency'
import { toast } from '../../../lib/toast'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { TextField } from '../../../lib/ui/text-field'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { usePickedImage } from '../../../lib/ui/use-picked-image'
import { submitKyc } from '../api'
import { checkKycForm, kycFingerprint } from '../logic'
import { DOC_TYPE_LABELS } from './doc-labels'
import { KycPhotoField } from './kyc-photo-field'
import { UploadProgress } from './upload-progress'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'

type Field = 'name' | 'docNumber' | 'front' | 'back'

/**
 * Spec §2 KYC: name, document type and number, front and back photos. Checked as the server checks
 * (contract/profile.ts) before anything is sent; spec §4: once sent it cannot be changed, so it says so.
 */
export function KycForm({ onSubmitted }: { onSubmitted: (info: KycInfo) => void }) {
  const { t, i18n } = useLingui()
  const [name, setName] = useState('')
  const [docType, setDocType] = useState<DocType>(DOC_TYPES.residentId)
  const [docNumber, setDocNumber] = useState('')
  const front = usePickedImage()
  const back = usePickedImage()
  const [errors, setErrors] = useState<FormErrors<Field>>({})
  const [progress, setProgress] = useState<number | null>(null)
  const { busy, run } = useBusyAction()
  // One key per submission, kept for a retry after a lost answer (the server then answers its first answer).
  const pendingKey = useRef<PendingKey | null>(null)
  const refuseOffline = useRefuseOffline()

  // A photo picked after a refused submit clears that photo's message at once.
  const pickPhoto = (side: 'front' | 'back') => (file: File | null) => {
    ;(side === 'front' ? front : back).pick(file)
    if (file) setErrors(({ [side]: _cleared, ...rest }) => rest)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const form = { name, docType, docNumber, front: front.picked?.file ?? null, back: back.picked?.file ?? null }
    const found = checkKycForm(form)
    setErrors(found)
    if (hasErrors(found) || !form.front || !form.back || refuseOffline()) return
    const submission = { name: normalizeName(name), docType, docNumber: normalizeDocNumber(docNumber), front: form.front, back: form.back }
    await run(async () => {
      setProgress(0)
      try {
        const info = await sendOnce(pendingKey, kycFingerprint(submission), (key) => submitKyc(submission, setProgress, key))
        toast.success(t`Submitted for review`)
        onSubmitted(info)
      } finally {
        setProgress(null)
      }
    })
  }
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="kyc-title">
      <h2 id="kyc-title" className="card__title"><Trans>Verify your identity</Trans></h2>
      <p className="form__note"><Trans>Withdrawals need a verified identity. Verification info cannot be changed once submitted.</Trans></p>
      <TextField label={<Trans>Full name</Trans>} value={name} onValueChange={setName} autoComplete="name" error={errors.name} />
      <div className="field">
        <label htmlFor="kyc-doc-type" className="field__label"><Trans>Document type</Trans></label>
        <select id="kyc-doc-type" className="me-select" value={docType} onChange={(event) => setDocType(Number(event.target.value) as DocType)}>
          {DOC_TYPE_LABELS.map((entry) => <option key={entry.type} value={entry.type}>{i18n._(entry.label)}</option>)}
        </select>
      </div>
      <TextField label={<Trans>Document number</Trans>} value={docNumber} onValueChange={setDocNumber} autoComplete="off" error={errors.docNumber} />
      <div className="me-photos">
        <KycPhotoField label={<Trans>Front photo</Trans>} alt={t`Preview of the front photo`} picked={front.picked} onChange={pickPhoto('front')} error={errors.front} />
        <KycPhotoField label={<Trans>Back photo</Trans>} alt={t`Preview of the back photo`} picked={back.picked} onChange={pickPhoto('back')} error={errors.back} />
      </div>
      <UploadProgress fraction={progress} />
      <SubmitButton busy={busy}><Trans>Submit for review</Trans></SubmitButton>
    </form>
  )
}
