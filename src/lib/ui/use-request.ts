import { useEffect, useEffectEvent, useState } from 'react'

export type RequestState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown }

interface Settled<T> {
  key: string
  round: number
  state: RequestState<T>
}

/**
 * Loads what a screen shows, keyed by its inputs: a new key shows 'loading' at once rather than the
 * previous key's data (a deposit address of another chain must never stay on screen, even briefly).
 * `reload()` keeps the current data until the fresh answer replaces it (`refreshing` meanwhile).
 * A null key loads nothing.
 */
export function useRequest<T>(key: string | null, load: () => Promise<T>) {
  const [settled, setSettled] = useState<Settled<T> | null>(null)
  const [round, setRound] = useState(0)
  const run = useEffectEvent(load)
  useEffect(() => {
    if (key === null) return
    let current = true
    const settle = (state: RequestState<T>) => current && setSettled({ key, round, state })
    run().then((data) => settle({ status: 'ready', data }), (error: unknown) => settle({ status: 'error', error }))
    // An answer for a key the screen has left (or an unmounted screen) is dropped.
    return () => {
      current = false
    }
  }, [key, round])
  const state: RequestState<T> = settled && settled.key === key ? settled.state : { status: 'loading' }
  const refreshing = settled !== null && settled.key === key && settled.round !== round
  return { state, refreshing, reload: () => setRound((n) => n + 1) }
}
