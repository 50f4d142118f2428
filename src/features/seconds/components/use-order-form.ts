import { useState } from 'react'
import type { SecondsConfig } from '../../../contract/seconds.ts'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchConfig, fetchFeeRate } from '../api'
import { applyConfig, initialForm, selectDuration, withFeeRate, type SecondsForm } from '../logic'

/**
 * The order form's state (spec §3): the durations the operator offers, the chosen one with its
 * profit rate and minimum, the fee rate (contract_second_fee_rate, 0 when it cannot be read) and
 * the open amount. Loaded again whenever the screen shows again, keeping the choice if still offered.
 */
export function useOrderForm() {
  const config = useRequest('seconds-config', fetchConfig)
  const fee = useRequest('seconds-fee', fetchFeeRate)
  const configs = config.state.status === 'ready' ? config.state.data : null
  const feeRate = fee.state.status === 'ready' ? fee.state.data : null
  const [state, setState] = useState<{ form: SecondsForm; configs: SecondsConfig[] | null; feeRate: string | null }>(
    () => ({ form: initialForm(), configs: null, feeRate: null }))
  // Each answer is applied once, while rendering (React's pattern for state that follows a change),
  // so the first paint after the config arrives already shows the first duration chosen.
  if (configs !== state.configs || feeRate !== state.feeRate) {
    let form = state.form
    if (configs && configs !== state.configs) form = applyConfig(form, configs)
    if (feeRate !== state.feeRate) form = withFeeRate(form, feeRate)
    setState({ form, configs, feeRate })
  }
  const update = (change: (form: SecondsForm) => SecondsForm) => setState((current) => ({ ...current, form: change(current.form) }))
  return {
    form: state.form,
    configs,
    configFailed: config.state.status === 'error',
    reloadConfig: config.reload,
    choose: (entry: SecondsConfig) => update((form) => selectDuration(form, entry)),
    setAmount: (openAmount: string) => update((form) => ({ ...form, openAmount })),
  }
}
