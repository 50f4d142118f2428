import { useRequest } from '../../../lib/ui/use-request'
import { fetchContractConfig } from '../api'

/**
 * The contract terms (public): the fee rates and, per pair, the multiples on offer, the
 * maintenance margin rate and the smallest quantity. Loaded again whenever the kept-alive screen
 * shows again, so an operator's change reaches the form. Null until loaded: a margin or fee shown
 * before it would be a guess.
 */
export function useContractConfig() {
  const request = useRequest('contract-config', fetchContractConfig)
  return {
    config: request.state.status === 'ready' ? request.state.data : null,
    failed: request.state.status === 'error',
    retry: request.reload,
  }
}

export type ContractConfigState = ReturnType<typeof useContractConfig>
