import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type KeyboardEvent, type SyntheticEvent } from 'react'
import { checkFactorCode, factorCodeToSend, type FactorKind } from '../../../lib/factor-code'
import { FactorCodeField } from '../../../lib/ui/factor-code-field'
import { useModalDialog } from '../../../lib/ui/use-modal-dialog'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { disableTotp } from '../api'

/**
 * Turning two-factor codes off needs a current code (or a recovery code), asked in a bottom sheet
 * over the screen; a wrong one is shown in place. Mounted only while open.
 */
export function TwoFactorOffSheet({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const titleId = useId()
  const ref = useModalDialog()
  const [kind, setKind] = useState<FactorKind>('totp')
  const [code, setCode] = useState('')
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const [busy, setBusy] = useState(false)
  const refuseOffline = useRefuseOffline()
  const cancel = (event?: SyntheticEvent) => {
    event?.preventDefault()
    if (!busy) onCancel()
  }
  const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && cancel(event)
  const edit = (value: string) => {
    setCode(value)
    setError(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const toSend = factorCodeToSend(kind, code)
    if (toSend === null) return setError(checkFactorCode(kind, code))
    if (refuseOffline()) return
    setBusy(true)
    try {
      await disableTotp(toSend)
      onDone()
    } catch (failure) {
      const text = failure instanceof Error && failure.message ? failure.message : 'error'
      setError({ id: text, message: text })
      setCode('')
      setBusy(false)
    }
  }

  return (
    <dialog ref={ref} className="sheet" aria-modal="true" aria-labelledby={titleId} onCancel={cancel} onKeyDown={onKeyDown}>
      <div className="sheet__backdrop" onClick={() => cancel()} aria-hidden="true" />
      <form className="sheet__panel" onSubmit={submit} noValidate>
        <h2 id={titleId} className="sheet__title"><Trans>Turn off two-factor authentication?</Trans></h2>
        <p className="muted">
          <Trans>Signing in will need only your password again. Enter a current code to confirm.</Trans>
        </p>
        <FactorCodeField kind={kind} value={code} onValueChange={edit} onKindChange={(next) => {
          setKind(next)
          edit('')
        }} error={error} autoFocus />
        <div className="sheet__actions">
          <button type="button" className="button button--ghost" onClick={() => cancel()} disabled={busy}><Trans>Cancel</Trans></button>
          <button type="submit" className="button button--danger" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner" aria-hidden="true" />}
            <Trans>Turn off</Trans>
          </button>
        </div>
      </form>
    </dialog>
  )
}
