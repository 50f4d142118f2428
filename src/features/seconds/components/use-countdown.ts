import { useEffect, useState } from 'react'
import { useAtomValue } from '../../../lib/store'
import { clockOffsetAtom } from '../atoms'
import { remainingMs } from '../logic'

const secondsLeft = (settleTime: number, offset: number) => Math.ceil(remainingMs(settleTime, offset, Date.now()) / 1000)

/**
 * Whole seconds until `settleTime` on the server's clock (device clock + the measured offset).
 * Checked four times a second so the display never lags a second behind, but the state holds
 * the seconds, so a row re-renders once a second at most.
 */
export function useCountdown(settleTime: number): number {
  const offset = useAtomValue(clockOffsetAtom)
  const [left, setLeft] = useState(() => secondsLeft(settleTime, offset))
  useEffect(() => {
    const update = () => setLeft(secondsLeft(settleTime, offset))
    update()
    const timer = setInterval(update, 250)
    return () => clearInterval(timer)
  }, [settleTime, offset])
  return left
}
