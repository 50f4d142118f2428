import { useCallback, useEffect } from 'react'
import type { AccountTypeId } from '../../../contract/assets.ts'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { accountAtom, loadAccountAtom } from '../atoms'

/**
 * An account's asset list, loaded when the caller mounts — and again whenever a kept-alive screen
 * shows again, so balances are fresh on return while the last ones paint at once. `reload` is for
 * Refresh and after money moved; its failure stays in the state for the list to show.
 */
export function useAccount(type: AccountTypeId) {
  const state = useAtomValue(accountAtom(type))
  const load = useSetAtom(loadAccountAtom)
  const reload = useCallback(() => load(type).catch(() => undefined), [load, type])
  useEffect(() => {
    void reload()
  }, [reload])
  return { ...state, reload }
}
