import '../safety-lists.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { TextField } from '../../../lib/ui/text-field'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchSecurityOverview, setAntiPhishing } from '../api'
import { checkAntiPhishing, normaliseAntiPhishing } from '../allow-list-logic'
import { HistoryRequestStatus } from './history-request-status'

/**
 * The anti-phishing code: a phrase of the user's that every mail of the exchange starts with, so a
 * mail without it is not from us. Set, change or clear; the server shows it back masked only.
 */
export function AntiPhishingForm() {
  const { t } = useLingui()
  const { state, reload } = useRequest('security:overview', fetchSecurityOverview)
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<FormErrors<'code'>>({})
  const [clearing, setClearing] = useState(false)
  const { busy, run } = useBusyAction()
  const refuseOffline = useRefuseOffline()
  const current = state.status === 'ready' ? state.data.antiPhishing : ''

  const save = (event: FormEvent) => {
    event.preventDefault()
    const found = checkAntiPhishing({ code })
    setErrors(found)
    if (hasErrors(found) || refuseOffline()) return
    void run(async () => {
      await setAntiPhishing(normaliseAntiPhishing(code))
      setCode('')
      toast.success(t`Anti-phishing code saved. Our next emails start with it.`)
      reload()
    })
  }
  const clear = () => {
    if (refuseOffline()) return
    void run(async () => {
      await setAntiPhishing('')
      toast.success(t`Anti-phishing code cleared`)
      reload()
    }).finally(() => setClearing(false))
  }

  return (
    <div className="safety-stack">
      <section className="card prose" aria-labelledby="anti-phishing-what">
        <h2 id="anti-phishing-what" className="card__title"><Trans>What is an anti-phishing code?</Trans></h2>
        <p><Trans>A word only you and we know. Every email we send starts with this code; an email without it is not from us, however real it looks. Do not click its links or reply to it.</Trans></p>
      </section>
      {state.status !== 'ready' ? (
        <HistoryRequestStatus state={state} onRetry={reload} loading={<Trans>Loading…</Trans>}
          failed={<Trans>Your anti-phishing code could not be loaded.</Trans>} />
      ) : (
        <form className="form card" onSubmit={save} noValidate aria-labelledby="anti-phishing-title">
          <h2 id="anti-phishing-title" className="card__title"><Trans>Your anti-phishing code</Trans></h2>
          <p role="status">
            {current ? <span className="safety-code">{current}</span> : <Trans context="anti-phishing code">Not set</Trans>}
          </p>
          <TextField label={current ? <Trans>New anti-phishing code</Trans> : <Trans>Anti-phishing code</Trans>} value={code}
            onValueChange={setCode} autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={20} error={errors.code} />
          <p className="form__note"><Trans>4 to 20 letters or digits, no spaces.</Trans></p>
          <SubmitButton busy={busy}>{current ? <Trans>Change code</Trans> : <Trans>Set code</Trans>}</SubmitButton>
          {current && (
            <button type="button" className="button button--ghost button--block" onClick={() => setClearing(true)} disabled={busy}>
              <Trans>Clear code</Trans>
            </button>
          )}
        </form>
      )}
      {clearing && (
        <ConfirmSheet title={<Trans>Clear the anti-phishing code?</Trans>} confirmLabel={<Trans>Clear</Trans>} danger busy={busy}
          onConfirm={clear} onCancel={() => setClearing(false)}>
          <p className="muted"><Trans>Our emails will no longer start with a code of yours.</Trans></p>
        </ConfirmSheet>
      )}
    </div>
  )
}
