import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { formatDate } from '../../../lib/format'
import type { Schedule } from '../logic'

/** Spec §1: warm-up, joining, end and unlock, each marked once it has passed on the server's clock. */
export function ProjectTimeline({ schedule, now }: { schedule: Schedule; now: number }) {
  const steps: { at: number; label: ReactNode }[] = [
    { at: schedule.warmupStart, label: <Trans>Warm-up starts</Trans> },
    { at: schedule.joinStart, label: <Trans>Joining opens</Trans> },
    { at: schedule.joinEnd, label: <Trans>Joining closes, allocation</Trans> },
    { at: schedule.unlockAt, label: <Trans>Tokens unlock</Trans> },
  ]
  return (
    <ol className="launch-timeline">
      {steps.map((step) => (
        <li key={step.at} className={now >= step.at ? 'launch-timeline__step launch-timeline__step--done' : 'launch-timeline__step'}>
          <span className="launch-timeline__label">{step.label}</span>
          <time className="muted" dateTime={new Date(step.at).toISOString()}>{formatDate(step.at)}</time>
        </li>
      ))}
    </ol>
  )
}
