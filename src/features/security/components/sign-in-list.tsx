import '../safety-lists.css'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SignInAttempt } from '../../../contract/security.ts'
import { formatDate } from '../../../lib/format'
import { PullNote } from '../../../lib/ui/pull-note'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchSignIns } from '../api'
import { deviceText, isFailedSignIn } from '../history-logic'
import { HistoryFacts } from './history-facts'
import { SIGN_IN_METHOD_LABELS, SIGN_IN_RESULT_LABELS } from './history-labels'
import { HistoryRequestStatus } from './history-request-status'

/** The last SIGN_IN_HISTORY_SIZE sign-in attempts, newest first; a failed one is marked by a sign and its words, not by colour alone. */
export function SignInList() {
  const { t } = useLingui()
  const { state, reload, refreshing } = useRequest('security:sign-ins', fetchSignIns)
  const pull = usePullToRefresh(reload)
  return (
    <section className="safety-stack" aria-label={t`Sign-in history`} aria-busy={refreshing}>
      <PullNote distance={pull.distance} ready={pull.ready} />
      <p className="muted"><Trans>The last 50 attempts to sign in to your account. If one was not you, change your password.</Trans></p>
      {state.status === 'ready' ? (
        state.data.length > 0 ? (
          <ul className="safety-list" aria-label={t`Sign-in attempts`}>
            {state.data.map((attempt, index) => <SignInRow key={`${attempt.at}:${index}`} attempt={attempt} />)}
          </ul>
        ) : (
          <p className="empty-state" role="status"><Trans>No sign-ins recorded yet.</Trans></p>
        )
      ) : (
        <HistoryRequestStatus state={state} onRetry={reload} loading={<Trans>Loading the sign-in history…</Trans>}
          failed={<Trans>The sign-in history could not be loaded.</Trans>} />
      )}
      <button type="button" className="button button--ghost" onClick={reload} disabled={refreshing}><Trans>Refresh</Trans></button>
    </section>
  )
}

function SignInRow({ attempt }: { attempt: SignInAttempt }) {
  const { t, i18n } = useLingui()
  const failed = isFailedSignIn(attempt)
  return (
    <li className={failed ? 'safety-item safety-item--failed' : 'safety-item'}>
      <div className="safety-item__head">
        <span className={failed ? 'safety-result safety-result--failed' : 'safety-result'}>
          <span aria-hidden="true">{failed ? '✕ ' : '✓ '}</span>
          {failed && <span className="sr-only">{t`Failed:`} </span>}
          {i18n._(SIGN_IN_RESULT_LABELS[attempt.result])}
        </span>
        <span className="badge">{i18n._(SIGN_IN_METHOD_LABELS[attempt.method])}</span>
      </div>
      <HistoryFacts facts={[
        [<Trans key="t">Time</Trans>, <span key="v" className="safety-nowrap">{formatDate(attempt.at)}</span>],
        [<Trans key="a" context="network address of a device">Address</Trans>, attempt.address || '--'],
        [<Trans key="d">Device</Trans>, deviceText(attempt) || t`Unknown device`],
      ]} />
    </li>
  )
}
