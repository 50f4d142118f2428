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
  // Read when the trader reaches it, never announced on its own: no live region (or timer role)
  // that would speak every second. The settlement is announced once, by its toast.
  return (
    <span className="seconds-countdown">
      <span className="sr-only">{t`Settles in ${text}`}</span>
      <span aria-hidden="true">{text}</span>
    </span>
  )
}
