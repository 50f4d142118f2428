import { useEffect, useState } from 'react'
import { resendWait } from '../logic'

/** The "send code" button's countdown: seconds left until another code may be asked for. */
export function useResendCountdown() {
  const [sentAt, setSentAt] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const wait = resendWait(sentAt, now)
  useEffect(() => {
    if (wait === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [wait])
  const markSent = () => {
    const time = Date.now()
    setSentAt(time)
    setNow(time)
  }
  return { wait, markSent }
}
