import '../safety-lists.css'
import './two-factor.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { TotpSetup } from '../../../contract/security.ts'
import { toast } from '../../../lib/toast'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchSecurityOverview, startTotp } from '../api'
import { HistoryRequestStatus } from './history-request-status'
import { RecoveryCodes } from './recovery-codes'
import { TwoFactorOffSheet } from './two-factor-off-sheet'
import { TwoFactorSetup } from './two-factor-setup'

/** Where the screen is: the state (on or off), setting up a new key, or the codes shown once. */
type View = { step: 'state' } | { step: 'setup'; setup: TotpSetup } | { step: 'codes'; codes: string[] }

/**
 * `/me/safety/two-factor`: two-factor codes (TOTP) on or off. Off → "Turn on" shows a new key to
 * scan; its first code turns them on and the recovery codes are shown once. On → how many recovery
 * codes are left, and "Turn off" with a code. Every change is refused offline, never queued.
 */
export function TwoFactorPanel() {
  const { t } = useLingui()
  const { state, reload } = useRequest('security:two-factor', fetchSecurityOverview)
  const [view, setView] = useState<View>({ step: 'state' })
  const [turningOff, setTurningOff] = useState(false)
  const { busy, run } = useBusyAction()
  const refuseOffline = useRefuseOffline()

  const start = () => {
    if (refuseOffline()) return
    void run(async () => setView({ step: 'setup', setup: await startTotp() }))
  }
  const enabled = (codes: string[]) => {
    toast.success(t`Two-factor authentication is on`)
    setView({ step: 'codes', codes })
  }
  const done = () => {
    setView({ step: 'state' })
    reload()
  }
  const turnedOff = () => {
    setTurningOff(false)
    toast.success(t`Two-factor authentication is off`)
    reload()
  }

  if (view.step === 'setup') return <TwoFactorSetup setup={view.setup} onEnabled={enabled} onCancel={() => setView({ step: 'state' })} />
  if (view.step === 'codes') return <RecoveryCodes codes={view.codes} onDone={done} />
  if (state.status !== 'ready') {
    return <HistoryRequestStatus state={state} onRetry={reload} loading={<Trans>Loading…</Trans>}
      failed={<Trans>Your two-factor settings could not be loaded.</Trans>} />
  }
  const { twoFactor, recoveryCodesLeft } = state.data
  return (
    <section className="card two-factor" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="card__title"><Trans>Authenticator app</Trans></h2>
      <p className="two-factor__state">
        <span><Trans>Status</Trans></span>
        <strong data-testid="two-factor-state">
          {twoFactor ? <Trans context="setting state">On</Trans> : <Trans context="setting state">Off</Trans>}
        </strong>
      </p>
      {twoFactor ? (
        <>
          <p className="muted"><Trans>Signing in, withdrawing, adding a withdrawal address and changing a password or a security setting ask for a code from your app.</Trans></p>
          <p className="two-factor__state">
            <span><Trans>Recovery codes left</Trans></span>
            <strong>{recoveryCodesLeft}</strong>
          </p>
          <button type="button" className="button button--ghost button--block" onClick={() => !refuseOffline() && setTurningOff(true)}>
            <Trans>Turn off</Trans>
          </button>
        </>
      ) : (
        <>
          <p className="muted"><Trans>Add a second step to signing in and to moving money: a 6-digit code from an authenticator app on your phone, which changes every 30 seconds. A stolen password is then not enough.</Trans></p>
          <button type="button" className="button button--primary button--block" onClick={start} disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner" aria-hidden="true" />}
            <Trans>Turn on</Trans>
          </button>
        </>
      )}
      {turningOff && <TwoFactorOffSheet onDone={turnedOff} onCancel={() => setTurningOff(false)} />}
    </section>
  )
}
