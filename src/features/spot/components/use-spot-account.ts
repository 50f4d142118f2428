import { useAccount } from '../../../lib/ui/use-account'
import { spotAccount } from '../atoms'

/** The spot account's balances (lib/ui/use-account). */
export const useSpotAccount = () => useAccount(spotAccount)
