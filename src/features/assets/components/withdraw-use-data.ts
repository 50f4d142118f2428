import { ACCOUNT_TYPES } from '../../../contract/assets.ts'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchWithdrawConfig } from '../api'
import { availableOf } from '../logic'
import { useAccount } from './use-account'

/**
 * What the withdrawal form needs from the server: the currency's limits and fee, and the spot
 * balance it may draw on (withdrawals leave the spot account; the list is the one the account
 * screen shows, so reloading it after a withdrawal refreshes both).
 */
export function useWithdrawData(currency: string) {
  const config = useRequest(`withdraw-config:${currency}`, () => fetchWithdrawConfig(currency))
  const spot = useAccount(ACCOUNT_TYPES.spot)
  return {
    config: config.state,
    reloadConfig: config.reload,
    available: availableOf(spot.rows, currency),
    reloadBalance: spot.reload,
  }
}
