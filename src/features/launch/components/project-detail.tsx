import '../launch.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { translate } from '../../../lib/i18n'
import { coinText } from '../../../lib/format'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchProject } from '../api'
import { noteClockAtom, subscriptionsVersionAtom } from '../atoms'
import { livePhase, nextInstant } from '../logic'
import { CoinLogo } from './coin-logo'
import { CountdownText } from './countdown-text'
import { COUNTDOWN_LABELS, PHASE_LABELS } from './labels'
import { ProgressBar } from './progress-bar'
import { ProjectTimeline } from './project-timeline'
import { useServerNow } from './use-server-now'

/**
 * A project (spec §2): price, tokens for sale, per-user limits, the timeline, progress, the
 * description, the white paper, and Join while joining.
 */
export function ProjectDetail({ id }: { id: string }) {
  const { t, i18n } = useLingui()
  const noteClock = useSetAtom(noteClockAtom)
  const version = useAtomValue(subscriptionsVersionAtom)
  const now = useServerNow()
  const { state, reload } = useRequest(`project:${id}:${version}`, async () => {
    const answer = await fetchProject(id)
    noteClock(answer.offset)
    return answer.data
  })
  if (state.status === 'loading') return <p className="launch-state" role="status" aria-label={t`Project`}><span className="spinner" /></p>
  if (state.status === 'error') {
    return (
      <div className="launch-state" role="alert">
        <p><Trans>Could not load the project.</Trans> {state.error instanceof Error ? translate(state.error.message) : ''}</p>
        <button type="button" className="button button--ghost button--small" onClick={reload}><Trans>Retry</Trans></button>
      </div>
    )
  }
  const project = state.data
  const phase = livePhase(project.phase, project.schedule, now)
  const target = nextInstant(project.schedule, phase)
  const unit = project.symbol
  return (
    <article className="launch-detail" aria-label={project.symbol}>
      <header className="launch-detail__head">
        <CoinLogo src={project.logo} symbol={project.symbol} size={48} />
        <div className="launch-card__title">
          <h2>{project.symbol}</h2>
          <span className="muted">{project.name}</span>
        </div>
        <span className={`launch-phase launch-phase--${phase}`}>{i18n._(PHASE_LABELS[phase])}</span>
      </header>
      {target !== null && (
        <p className="launch-detail__countdown">{i18n._(COUNTDOWN_LABELS[phase])} <CountdownText target={target} now={now} /></p>
      )}
      <dl className="launch-figures">
        <div><dt><Trans>Price</Trans></dt><dd>{coinText(project.price)} USDT</dd></div>
        <div><dt><Trans>Tokens for sale</Trans></dt><dd>{coinText(project.forSale)} {unit}</dd></div>
        <div><dt><Trans>Minimum per user</Trans></dt><dd>{coinText(project.minPerUser)} {unit}</dd></div>
        <div><dt><Trans>Maximum per user</Trans></dt><dd>{coinText(project.maxPerUser)} {unit}</dd></div>
        {project.mine !== '0' && <div><dt><Trans>You subscribed</Trans></dt><dd>{coinText(project.mine)} {unit}</dd></div>}
      </dl>
      <ProgressBar subscribed={project.subscribed} forSale={project.forSale} symbol={unit} />
      <section className="launch-detail__section">
        <h3><Trans>Timeline</Trans></h3>
        <ProjectTimeline schedule={project.schedule} now={now} />
      </section>
      <section className="launch-detail__section">
        <h3><Trans>About the project</Trans></h3>
        <p className="launch-detail__text">{project.description}</p>
        <Link to="/home/wbook" search={{ id: project.id }} className="button button--ghost button--small"><Trans>Read the white paper</Trans></Link>
      </section>
      <div className="launch-detail__actions">
        {phase === 'joining' ? (
          <Link to="/home/join" search={{ id: project.id }} className="button button--primary button--block"><Trans>Join</Trans></Link>
        ) : (
          <button type="button" className="button button--primary button--block" disabled>
            {phase === 'warmup' ? <Trans>Joining has not opened yet</Trans> : phase === 'cancelled' ? <Trans>This project was cancelled</Trans> : <Trans>Joining has closed</Trans>}
          </button>
        )}
        <Link to="/home/record" className="button button--text button--small"><Trans>My subscriptions</Trans></Link>
      </div>
    </article>
  )
}
