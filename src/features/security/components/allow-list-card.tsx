import '../safety-lists.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { AllowListState } from '../../../contract/security.ts'
import { formatDate } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchSecurityOverview, setAllowList } from '../api'
import { allowListPhase } from '../allow-list-logic'
import { HistoryRequestStatus } from './history-request-status'

/**
 * The withdrawal allow-list: on at once (after a confirmation); off only after the delay, during
 * which turning it on again cancels the "off". The server's state is shown as it answers.
 */
export function AllowListCard() {
  const { t } = useLingui()
  // Each state with the device's time it came (what "off at" is judged against).
  const { state, reload } = useRequest('security:allow-list', async () => ({ allowList: (await fetchSecurityOverview()).allowList, at: Date.now() }))
  // The answer of the last change wins over the overview loaded before it.
  const [changed, setChanged] = useState<{ allowList: AllowListState; at: number } | null>(null)
  const [asking, setAsking] = useState<'on' | 'off' | null>(null)
  const { busy, run } = useBusyAction()
  const refuseOffline = useRefuseOffline()
  if (state.status !== 'ready') {
    return <HistoryRequestStatus state={state} onRetry={reload} loading={<Trans>Loading…</Trans>}
      failed={<Trans>The allow-list could not be loaded.</Trans>} />
  }
  const { allowList, at: loadedAt } = changed ?? state.data
  const hours = allowList.delayHours
  const phase = allowListPhase(allowList, loadedAt)
  const at = formatDate(allowList.offAt)

  const change = (on: boolean) => {
    if (refuseOffline()) return
    void run(async () => {
      const next = await setAllowList(on)
      setChanged({ allowList: next, at: Date.now() })
      if (on) toast.success(phase === 'turningOff' ? t`The allow-list stays on` : t`The allow-list is on`)
      else {
        const offAt = formatDate(next.offAt)
        toast.success(t`The allow-list turns off at ${offAt}`)
      }
    }).finally(() => setAsking(null))
  }

  return (
    <div className="safety-stack">
      <section className="card prose" aria-labelledby="allow-list-what">
        <h2 id="allow-list-what" className="card__title"><Trans>What is the withdrawal allow-list?</Trans></h2>
        <p><Trans>With the allow-list on, withdrawals go only to addresses in your address book that you confirmed with the code we mailed you and that were added more than {hours} hours ago. Someone who gets into your account cannot send your coins to an address of theirs at once.</Trans></p>
        <p><Trans>Turning it off takes {hours} hours, for the same reason.</Trans></p>
      </section>
      <section className="card safety-stack" aria-labelledby="allow-list-state">
        <h2 id="allow-list-state" className="card__title"><Trans>Withdrawal allow-list</Trans></h2>
        <p role="status" className="safety-state">
          {phase === 'on' && <><span aria-hidden="true">● </span><Trans context="setting state">On</Trans></>}
          {phase === 'off' && <><span aria-hidden="true">○ </span><Trans context="setting state">Off</Trans></>}
          {phase === 'turningOff' && <><span aria-hidden="true">◐ </span><Trans>Turns off at {at}</Trans></>}
        </p>
        {phase === 'turningOff' && (
          <p className="muted"><Trans>Until then withdrawals still go only to allowed addresses. Turn it on again to cancel.</Trans></p>
        )}
        {phase === 'on' ? (
          <button type="button" className="button button--ghost button--block" onClick={() => setAsking('off')} disabled={busy}>
            <Trans>Turn off</Trans>
          </button>
        ) : (
          <button type="button" className="button button--primary button--block" onClick={() => setAsking('on')} disabled={busy}>
            {phase === 'turningOff' ? <Trans>Keep it on</Trans> : <Trans>Turn on</Trans>}
          </button>
        )}
        <Link to="/assert/addresscurrencylist" className="button button--ghost button--block"><Trans>Open the address book</Trans></Link>
      </section>
      {asking === 'on' && (
        <ConfirmSheet title={phase === 'turningOff' ? <Trans>Keep the allow-list on?</Trans> : <Trans>Turn on the allow-list?</Trans>}
          confirmLabel={phase === 'turningOff' ? <Trans>Keep it on</Trans> : <Trans>Turn on</Trans>} busy={busy}
          onConfirm={() => change(true)} onCancel={() => setAsking(null)}>
          <p className="muted"><Trans>From now on, withdrawals go only to confirmed addresses added more than {hours} hours ago. Addresses you add from now on need your fund password.</Trans></p>
        </ConfirmSheet>
      )}
      {asking === 'off' && (
        <ConfirmSheet title={<Trans>Turn off the allow-list?</Trans>} confirmLabel={<Trans>Turn off</Trans>} danger busy={busy}
          onConfirm={() => change(false)} onCancel={() => setAsking(null)}>
          <p className="muted"><Trans>It turns off {hours} hours from now; until then it stays on, and you can cancel by turning it on again.</Trans></p>
        </ConfirmSheet>
      )}
    </div>
  )
}
