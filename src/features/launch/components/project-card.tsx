import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { coinText, formatDate } from '../../../lib/format'
import { livePhase, nextInstant } from '../logic'
import type { Project } from '../model'
import { CoinLogo } from './coin-logo'
import { CountdownText } from './countdown-text'
import { COUNTDOWN_LABELS, PHASE_LABELS } from './labels'
import { ProgressBar } from './progress-bar'
import { WholeWords } from './whole-words'

/**
 * One project in a list (spec §2): logo, coin, price, progress and the countdown to its next
 * instant on the server's clock. The phase is the server's, moved on here when a countdown ends.
 */
export function ProjectCard({ project, now }: { project: Project; now: number }) {
  const { i18n } = useLingui()
  const phase = livePhase(project.phase, project.schedule, now)
  const target = nextInstant(project.schedule, phase)
  return (
    <li className="launch-card">
      <Link to="/home/detail" search={{ id: Number(project.id) }} className="launch-card__link">
        <div className="launch-card__head">
          <CoinLogo src={project.logo} symbol={project.symbol} />
          <div className="launch-card__title">
            <strong>{project.symbol}</strong>
            <span className="muted">{project.name}</span>
          </div>
          <span className={`launch-phase launch-phase--${phase}`}>{i18n._(PHASE_LABELS[phase])}</span>
        </div>
        <dl className="launch-card__figures">
          <div><dt><Trans>Price</Trans></dt><dd>{coinText(project.price)} USDT</dd></div>
          <div>
            <dt>{i18n._(COUNTDOWN_LABELS[phase])}</dt>
            <dd>{target === null ? <WholeWords text={formatDate(project.schedule.joinEnd)} /> : <CountdownText target={target} now={now} />}</dd>
          </div>
        </dl>
        <ProgressBar subscribed={project.subscribed} forSale={project.forSale} symbol={project.symbol} />
      </Link>
    </li>
  )
}
