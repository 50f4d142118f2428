import { useCallback, useEffect } from 'react'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { contractAccountAtom, loadContractAccountAtom } from '../atoms'

/**
 * The contract account's balances, loaded when the caller mounts — and again when the kept-alive
 * screen shows again, so "Available" is fresh on return while the last figures paint at once.
 */
export function useContractAccount() {
  const state = useAtomValue(contractAccountAtom)
  const load = useSetAtom(loadContractAccountAtom)
  const reload = useCallback(() => load().catch(() => undefined), [load])
  useEffect(() => {
    void reload()
  }, [reload])
  return { ...state, reload }
}
