import '../safety-lists.css'
import './two-factor.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { MAX_PASSKEYS, PASSKEY_NAME_MAX, type PasskeyInfo } from '../../../contract/security.ts'
import { isPasskeyAlreadyRegistered, passkeyBlocker } from '../../../lib/passkeys'
import { toast } from '../../../lib/toast'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { TextField } from '../../../lib/ui/text-field'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchPasskeys } from '../api'
import { addPasskey } from '../passkey-ceremony'
import { HistoryRequestStatus } from './history-request-status'
import { PasskeyItem } from './passkey-item'
import { PasskeyRemoveSheet } from './passkey-remove-sheet'

/**
 * `/me/safety/passkeys`: the account's passkeys (name, added, last used), "Add a passkey" (the
 * browser makes one; an optional name), and removal after a confirmation. Where the browser cannot
 * use passkeys, the list still shows (to remove one) and a note says why adding is not offered.
 */
export function PasskeyPanel() {
  const { t } = useLingui()
  const { state, reload } = useRequest('security:passkeys', fetchPasskeys)
  const [name, setName] = useState('')
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null)
  const { busy, run } = useBusyAction()
  const refuseOffline = useRefuseOffline()
  const blocker = passkeyBlocker()
  const full = state.status === 'ready' && state.data.length >= MAX_PASSKEYS

  const add = (event: FormEvent) => {
    event.preventDefault()
    if (refuseOffline()) return
    void run(async () => {
      try {
        const added = await addPasskey(name)
        if (!added) return
      } catch (failure) {
        if (!isPasskeyAlreadyRegistered(failure)) throw failure
        toast.warning(t`This device already has a passkey for your account`)
        return
      }
      setName('')
      toast.success(t`Passkey added`)
      reload()
    })
  }
  const removed = () => {
    setRemoving(null)
    toast.success(t`Passkey removed`)
    reload()
  }

  return (
    <div className="safety-stack">
      <section className="card prose" aria-labelledby="passkeys-what">
        <h2 id="passkeys-what" className="card__title"><Trans>What is a passkey?</Trans></h2>
        <p><Trans>A passkey signs you in with your phone's fingerprint, face or screen lock instead of your email and password. It never leaves your device and cannot be phished. Signing in with a passkey needs no two-factor code.</Trans></p>
      </section>
      {state.status !== 'ready' ? (
        <HistoryRequestStatus state={state} onRetry={reload} loading={<Trans>Loading…</Trans>}
          failed={<Trans>Your passkeys could not be loaded.</Trans>} />
      ) : state.data.length === 0 ? (
        <p className="card muted"><Trans>No passkeys yet.</Trans></p>
      ) : (
        <ul className="passkey-list" aria-label={t`Your passkeys`}>
          {state.data.map((passkey) => <PasskeyItem key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />)}
        </ul>
      )}
      {blocker === 'browser' ? (
        <p className="card muted" role="note"><Trans>This browser cannot use passkeys. Open the app in an up-to-date browser on your phone or computer to add one.</Trans></p>
      ) : blocker === 'address' ? (
        <p className="card muted" role="note"><Trans>Passkeys work only when the app is opened at its name (such as localhost or the exchange's web address), not at an IP address. Open it that way to add one.</Trans></p>
      ) : full ? (
        <p className="card muted" role="note"><Trans>You have the most passkeys allowed. Remove one to add another.</Trans></p>
      ) : (
        <form className="card form" onSubmit={add} noValidate aria-labelledby="passkey-add-title">
          <h2 id="passkey-add-title" className="card__title"><Trans>Add a passkey</Trans></h2>
          <TextField label={<Trans>Name (optional)</Trans>} value={name} onValueChange={setName} maxLength={PASSKEY_NAME_MAX}
            autoComplete="off" placeholder={t`For example: My phone`} />
          <SubmitButton busy={busy}><Trans>Add a passkey</Trans></SubmitButton>
        </form>
      )}
      {removing && <PasskeyRemoveSheet passkey={removing} onDone={removed} onCancel={() => setRemoving(null)} />}
    </div>
  )
}
