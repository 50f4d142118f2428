import type { AllowListState } from '../../../contract/security.ts'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchAllowList } from '../api'

/**
 * The withdrawal allow-list as the address book shows it, with the device's time of the answer
 * (the "now" its waiting times are judged against; a reload renews both). `state` is null while
 * unknown (loading, offline, failed): the screens then show no allow-list hints and the server
 * still decides.
 */
export function useAllowList(): { state: AllowListState | null; now: number } {
  const { state } = useRequest('allow-list', async () => ({ allowList: await fetchAllowList(), now: Date.now() }))
  return state.status === 'ready' ? { state: state.data.allowList, now: state.data.now } : { state: null, now: 0 }
}
