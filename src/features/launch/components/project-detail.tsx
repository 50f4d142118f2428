import '../launch.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { coinText } from '../../../lib/format'
import { useAtomValue } from '../../../lib/store'
import { subscriptionsVersionAtom } from '../atoms'
import { livePhase, nextInstant } from '../logic'
import { CountdownText } from './countdown-text'
import { COUNTDOWN_LABELS, PHASE_LABELS } from './labels'
import { ProgressBar } from './progress-bar'
import { ProjectHead } from './project-head'
import { ProjectLoadState } from './project-load-state'
import { ProjectTimeline } from './project-timeline'
import { useProject } from './use-project'
import { useServerNow } from './use-server-now'

/**
 * A project (spec §2): price, tokens for sale, per-user limits, the timeline, progress, the
 * description, the white paper, and Join while joining.
 */
export function ProjectDetail({ id }: { id: string }) {
  const { i18n } = useLingui()
  const version = useAtomValue(subscriptionsVersionAtom)
  const now = useServerNow()
  const { state, reload } = useProject(`project:${id}:${version}`, id)
  if (state.status !== 'ready') return <ProjectLoadState state={state} onRetry={reload} />
  const project = state.data
  const phase = livePhase(project.phase, project.schedule, now)
  const target = nextInstant(project.schedule, phase)
  const unit = project.symbol
  return (
    <article className="launch-detail" aria-label={project.symbol}>
      <ProjectHead project={project} logoSize={48}>
        <span className={`launch-phase launch-phase--${phase}`}>{i18n._(PHASE_LABELS[phase])}</span>
      </ProjectHead>
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
        <Link to="/home/wbook" search={{ id: Number(project.id) }} className="button button--ghost button--small"><Trans>Read the white paper</Trans></Link>
      </section>
      <div className="launch-detail__actions">
        {phase === 'joining' ? (
          <Link to="/home/join" search={{ id: Number(project.id) }} className="button button--primary button--block"><Trans>Join</Trans></Link>
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
