import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type KeyboardEvent, type SyntheticEvent } from 'react'
import type { WithdrawAddress } from '../../../contract/assets.ts'
import { ApiError } from '../../../lib/api-client'
import type { FormErrors } from '../../../lib/form-errors'
import { toast, toastFailure } from '../../../lib/toast'
import { TextField } from '../../../lib/ui/text-field'
import { useModalDialog } from '../../../lib/ui/use-modal-dialog'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { validateVerificationCode } from '../../../lib/validate'
import { confirmAddress } from '../api'
import { shortenAddress } from '../logic'

interface AddressCodeSheetProps {
  entry: WithdrawAddress
  onConfirmed: (entry: WithdrawAddress) => void
  onClose: () => void
}

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6)

/** "Enter code": the 6-digit code mailed when the address was added or changed confirms it (a bottom sheet, like the confirmations). */
export function AddressCodeSheet({ entry, onConfirmed, onClose }: AddressCodeSheetProps) {
  const { t } = useLingui()
  const titleId = useId()
  const ref = useModalDialog()
  const refuseOffline = useRefuseOffline()
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<FormErrors<'code'>>({})
  const [busy, setBusy] = useState(false)
  const cancel = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!busy) onClose()
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateVerificationCode(code)
    setErrors(found ? { code: found } : {})
    if (found || refuseOffline()) return
    setBusy(true)
    try {
      const confirmed = await confirmAddress(entry.id, code)
      toast.success(t`Address confirmed`)
      onConfirmed(confirmed)
    } catch (failure) {
      // A wrong or expired code belongs beside the field; the sheet stays for another try.
      if (failure instanceof ApiError && failure.kind === 'business') setErrors({ code: { id: failure.message, message: failure.message } })
      else toastFailure(failure)
    } finally {
      setBusy(false)
    }
  }
  return (
    <dialog ref={ref} className="sheet" aria-modal="true" aria-labelledby={titleId} onCancel={cancel}
      onKeyDown={(event: KeyboardEvent) => event.key === 'Escape' && cancel(event)}>
      <div className="sheet__backdrop" onClick={() => !busy && onClose()} aria-hidden="true" />
      <form className="sheet__panel" onSubmit={submit} noValidate>
        <h2 id={titleId} className="sheet__title"><Trans>Confirm this address</Trans></h2>
        <p className="figures__address">{entry.chain} · {shortenAddress(entry.address, 10)}</p>
        <p className="muted"><Trans>Enter the 6-digit code we mailed you when the address was saved.</Trans></p>
        <TextField label={<Trans>Code from the email</Trans>} value={code} onValueChange={(text) => setCode(digitsOnly(text))}
          inputMode="numeric" autoComplete="one-time-code" maxLength={6} enterKeyHint="done" error={errors.code} data-autofocus />
        <div className="sheet__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}><Trans>Cancel</Trans></button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner" aria-hidden="true" />}
            <Trans>Confirm</Trans>
          </button>
        </div>
      </form>
    </dialog>
  )
}
