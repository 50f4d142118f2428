import { Trans } from '@lingui/react/macro'
import { clockText, countdown } from '../logic'

/** The time left until `target` on the server's clock: "3d 02:05:09", or "02:05:09" under a day. */
export function CountdownText({ target, now }: { target: number; now: number }) {
  const left = countdown(target, now)
  const clock = clockText(left)
  const days = left.days
  return (
    <time className="launch-countdown" dateTime={`PT${Math.max(0, Math.floor((target - now) / 1000))}S`}>
      {days > 0 ? <Trans>{days}d {clock}</Trans> : clock}
    </time>
  )
}
