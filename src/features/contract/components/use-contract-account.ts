import { useCallback, useEffect } from 'react'
import { isLoggedInAtom } from '../../../lib/session'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { contractAccountAtom, loadContractAccountAtom } from '../atoms'

/**
 * The contract account's balances (the margin positions are opened from), loaded when the caller
 * mounts and again when the kept-alive screen shows again. A visitor has no account: nothing is
 * asked (a private call without a session would answer "please log in" and sign the app out).
 */
export function useContractAccount() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const state = useAtomValue(contractAccountAtom)
  const load = useSetAtom(loadContractAccountAtom)
  const reload = useCallback(async () => {
    if (loggedIn) await load().catch(() => undefined)
  }, [load, loggedIn])
  useEffect(() => {
    void reload()
  }, [reload])
  return { ...state, rows: loggedIn ? state.rows : null, loggedIn, reload }
}
