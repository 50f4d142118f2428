import { Trans, useLingui } from '@lingui/react/macro'
import type { SessionInfo } from '../../../contract/security.ts'
import { formatDate } from '../../../lib/format'
import { deviceText } from '../history-logic'
import { HistoryFacts } from './history-facts'

interface SessionsRowProps {
  session: SessionInfo
  onRevoke: (session: SessionInfo) => void
}

/** One signed-in device: what it is, where from, since when, last used; "This device" for the one in hand. */
export function SessionsRow({ session, onRevoke }: SessionsRowProps) {
  const { t } = useLingui()
  const name = deviceText(session) || t`Unknown device`
  const lastUsed = formatDate(session.lastSeen)
  return (
    <li className="safety-item">
      <div className="safety-item__head">
        <span className="safety-item__title">{name}</span>
        {session.current && <span className="badge badge--verified"><Trans>This device</Trans></span>}
      </div>
      <HistoryFacts facts={[
        [<Trans key="a" context="network address of a device">Address</Trans>, session.address || '--'],
        [<Trans key="s">Signed in</Trans>, <span key="v" className="safety-nowrap">{formatDate(session.createdAt)}</span>],
        [<Trans key="l">Last used</Trans>, <span key="v" className="safety-nowrap">{formatDate(session.lastSeen)}</span>],
      ]} />
      {!session.current && (
        <div className="safety-item__actions">
          <button type="button" className="chip safety-chip safety-chip--danger" onClick={() => onRevoke(session)}
            aria-label={t`Sign out ${name}, last used ${lastUsed}`}><Trans>Sign out</Trans></button>
        </div>
      )}
    </li>
  )
}
