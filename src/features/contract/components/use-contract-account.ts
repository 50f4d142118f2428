import { useAccount } from '../../../lib/ui/use-account'
import { contractAccount } from '../atoms'

/** The contract account's balances, the margin positions are opened from (lib/ui/use-account). */
export const useContractAccount = () => useAccount(contractAccount)
