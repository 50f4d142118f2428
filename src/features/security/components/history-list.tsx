import '../safety-lists.css'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SecurityHistoryEntry, SecurityHistoryEvent } from '../../../contract/security.ts'
import { formatDate } from '../../../lib/format'
import { PullNote } from '../../../lib/ui/pull-note'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchSecurityHistory } from '../api'
import { deviceText } from '../history-logic'
import { HistoryFacts } from './history-facts'
import { SECURITY_EVENT_LABELS } from './history-labels'
import { HistoryRequestStatus } from './history-request-status'

/** The account's security changes, newest first, each in words (history-labels), with where it came from. */
export function HistoryList() {
  const { t } = useLingui()
  const { state, reload, refreshing } = useRequest('security:history', fetchSecurityHistory)
  const pull = usePullToRefresh(reload)
  return (
    <section className="safety-stack" aria-label={t`Security history`} aria-busy={refreshing}>
      <PullNote distance={pull.distance} ready={pull.ready} />
      <p className="muted"><Trans>Every change to your account's security, each also sent to you by email.</Trans></p>
      {state.status === 'ready' ? (
        state.data.length > 0 ? (
          <ul className="safety-list" aria-label={t`Security events`}>
            {state.data.map((entry, index) => <HistoryRow key={`${entry.at}:${index}`} entry={entry} />)}
          </ul>
        ) : (
          <p className="empty-state" role="status"><Trans>No security changes recorded yet.</Trans></p>
        )
      ) : (
        <HistoryRequestStatus state={state} onRetry={reload} loading={<Trans>Loading the security history…</Trans>}
          failed={<Trans>The security history could not be loaded.</Trans>} />
      )}
      <button type="button" className="button button--ghost" onClick={reload} disabled={refreshing}><Trans>Refresh</Trans></button>
    </section>
  )
}

// The server's detail of these repeats the label in English ("turned on", an "off" time in UTC):
// the label says it in the user's language, and the allow-list screen shows the time locally.
const WORDED_BY_LABEL: ReadonlySet<string> = new Set<SecurityHistoryEvent>(['allowList.on', 'allowList.offRequested'])

function HistoryRow({ entry }: { entry: SecurityHistoryEntry }) {
  const { t, i18n } = useLingui()
  // An event this build has no words for (a newer server) still shows, by its name.
  const label = SECURITY_EVENT_LABELS[entry.event] as (typeof SECURITY_EVENT_LABELS)[keyof typeof SECURITY_EVENT_LABELS] | undefined
  return (
    <li className="safety-item">
      <div className="safety-item__head">
        <span className="safety-item__title">{label ? i18n._(label) : entry.event}</span>
      </div>
      {entry.detail && !WORDED_BY_LABEL.has(entry.event) && <p className="safety-item__detail">{entry.detail}</p>}
      <HistoryFacts facts={[
        [<Trans key="t">Time</Trans>, <span key="v" className="safety-nowrap">{formatDate(entry.at)}</span>],
        [<Trans key="a" context="network address of a device">Address</Trans>, entry.address || '--'],
        [<Trans key="d">Device</Trans>, deviceText(entry) || t`Unknown device`],
      ]} />
    </li>
  )
}
