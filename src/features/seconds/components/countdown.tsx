import { Trans, useLingui } from '@lingui/react/macro'
import { formatCountdown } from '../logic'
import { useCountdown } from './use-countdown'

/** mm:ss to settlement on the server's clock; at zero "Settling…" until the result is in. */
export function Countdown({ settleTime }: { settleTime: number }) {
  const { t } = useLingui()
  const left = useCountdown(settleTime)
  if (left <= 0) {
    return <span className="seconds-countdown seconds-countdown--due"><span className="spinner" aria-hidden="true" /><Trans>Settling…</Trans></span>
  }
  const text = formatCountdown(left * 1000)
  return <span className="seconds-countdown" role="timer" aria-label={t`Settles in ${text}`}>{text}</span>
}
