import '../safety-lists.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { SessionInfo } from '../../../contract/security.ts'
import { formatDate } from '../../../lib/format'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { PullNote } from '../../../lib/ui/pull-note'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchSessions, revokeOtherSessions, revokeSession } from '../api'
import { deviceText, orderSessions } from '../history-logic'
import { HistoryRequestStatus } from './history-request-status'
import { SessionsRow } from './sessions-row'

type Asking = { kind: 'one'; session: SessionInfo } | { kind: 'others' } | null

/**
 * The account's signed-in devices. Signing one out (or all others) ends those sessions on the
 * server at once; that device is signed out at its next call. Each after a confirmation sheet.
 */
export function SessionsList() {
  const { t } = useLingui()
  const { state, reload, refreshing } = useRequest('security:sessions', fetchSessions)
  const pull = usePullToRefresh(reload)
  const [asking, setAsking] = useState<Asking>(null)
  const { busy, run } = useBusyAction()
  const refuseOffline = useRefuseOffline()
  const sessions = state.status === 'ready' ? orderSessions(state.data) : []
  const others = sessions.filter((session) => !session.current).length
  const lastUsed = asking?.kind === 'one' ? formatDate(asking.session.lastSeen) : ''

  const confirm = () => {
    if (!asking || refuseOffline()) return
    void run(async () => {
      if (asking.kind === 'one') {
        await revokeSession(asking.session.id)
        toast.success(t`The device was signed out`)
      } else {
        const { revoked } = await revokeOtherSessions()
        toast.success(t`Other devices signed out: ${revoked}`)
      }
    }).finally(() => {
      setAsking(null)
      // Also after a refusal: a session that already ended ("This session has already ended") leaves the list.
      reload()
    })
  }

  return (
    <section className="safety-stack" aria-label={t`Active sessions`} aria-busy={refreshing}>
      <PullNote distance={pull.distance} ready={pull.ready} />
      <p className="muted"><Trans>These devices are signed in to your account. Sign out any you do not recognise, then change your password.</Trans></p>
      {state.status === 'ready' ? (
        sessions.length > 0 ? (
          <ul className="safety-list" aria-label={t`Signed-in devices`}>
            {sessions.map((session) => <SessionsRow key={session.id} session={session} onRevoke={(s) => setAsking({ kind: 'one', session: s })} />)}
          </ul>
        ) : (
          <p className="empty-state" role="status"><Trans>No active sessions.</Trans></p>
        )
      ) : (
        <HistoryRequestStatus state={state} onRetry={reload} loading={<Trans>Loading sessions…</Trans>}
          failed={<Trans>The sessions could not be loaded.</Trans>} />
      )}
      <div className="safety-actions">
        <button type="button" className="button button--ghost" onClick={reload} disabled={refreshing}><Trans>Refresh</Trans></button>
        {others > 0 && (
          <button type="button" className="button button--danger" onClick={() => setAsking({ kind: 'others' })}>
            <Trans>Sign out all other devices</Trans>
          </button>
        )}
      </div>
      {asking?.kind === 'one' && (
        <ConfirmSheet title={<Trans>Sign out this device?</Trans>} confirmLabel={<Trans>Sign out</Trans>} danger busy={busy}
          onConfirm={confirm} onCancel={() => setAsking(null)}>
          <p>{deviceText(asking.session) || t`Unknown device`} · {asking.session.address || '--'}</p>
          <p className="muted"><Trans>Last used {lastUsed}. It will have to sign in again.</Trans></p>
        </ConfirmSheet>
      )}
      {asking?.kind === 'others' && (
        <ConfirmSheet title={<Trans>Sign out all other devices?</Trans>} confirmLabel={<Trans>Sign out all</Trans>} danger busy={busy}
          onConfirm={confirm} onCancel={() => setAsking(null)}>
          <p className="muted"><Trans>Every device but this one will have to sign in again.</Trans></p>
        </ConfirmSheet>
      )}
    </section>
  )
}
