import { useCallback, useEffect } from 'react'
import type { createAccountState } from '../account-state'
import { isLoggedInAtom } from '../session'
import { useAtomValue, useSetAtom } from '../store'

type Account = ReturnType<typeof createAccountState>

/**
 * One account's balances (lib/account-state), loaded when the caller mounts and again when a
 * kept-alive screen shows again. A visitor has no account: nothing is asked (a private call
 * without a session would answer "please log in" and sign the app out).
 */
export function useAccount({ accountAtom, loadAccountAtom }: Account) {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const state = useAtomValue(accountAtom)
  const load = useSetAtom(loadAccountAtom)
  const reload = useCallback(async () => {
    if (loggedIn) await load().catch(() => undefined)
  }, [load, loggedIn])
  useEffect(() => {
    void reload()
  }, [reload])
  return { ...state, rows: loggedIn ? state.rows : null, loggedIn, reload }
}
