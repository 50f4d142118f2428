import { useEffect, useState } from 'react'
import { useAtomValue } from '../../../lib/store'
import { clockOffsetAtom } from '../atoms'
import { serverNow } from '../logic'

/** The server's time now, moving every second while the caller is mounted (countdowns). */
export function useServerNow(): number {
  const offset = useAtomValue(clockOffsetAtom)
  const [deviceNow, setDeviceNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setDeviceNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return serverNow(deviceNow, offset)
}
