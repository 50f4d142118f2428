import { Trans } from '@lingui/react/macro'
import { availableOf } from '../../../lib/account-state'
import { usePairTick } from '../../../lib/ui/use-pair-tick'
import { contractRules, termsOf } from '../logic'
import { OpenForm } from './open-form'
import type { ContractConfigState } from './use-contract-config'
import { useContractAccount } from './use-contract-account'
import { useOpenForm } from './use-open-form'
import { useOpenPosition } from './use-open-position'

interface OpenPanelProps {
  pair: { symbol: string; base: string; quote: string }
  terms: ContractConfigState
}

/**
 * The opening form with what it needs: the pair's terms, the mark price (the feed's last price,
 * which fills a limit price and bounds the checks) and the contract account's margin; and what
 * stands in for them while they load or when they fail, with Retry.
 */
export function OpenPanel({ pair, terms: { config, failed, retry } }: OpenPanelProps) {
  const rules = contractRules(pair)
  const lastPrice = usePairTick(pair.symbol)?.close ?? null
  const terms = config && termsOf(config, pair.symbol)
  const account = useContractAccount()
  const state = useOpenForm(pair.symbol, terms?.leverages ?? null, lastPrice)
  const opening = useOpenPosition(account.loggedIn, () => {
    state.clearAfterOpen()
    void account.reload()
  })
  const available = availableOf(account.rows, pair.quote)
  return (
    <div className="contract-open">
      {failed && !config && (
        <p className="contract-note contract-note--warn" role="alert">
          <Trans>The contract terms could not be loaded.</Trans>{' '}
          <button type="button" className="button button--text button--small" onClick={retry}><Trans>Retry</Trans></button>
        </p>
      )}
      {config && !terms && (
        <p className="contract-note contract-note--warn" role="status"><Trans>Contracts are not offered on {pair.base}/{pair.quote} right now.</Trans></p>
      )}
      {account.error !== null && available === null && (
        <p className="contract-note contract-note--warn" role="alert">
          <Trans>Your contract account could not be loaded.</Trans>{' '}
          <button type="button" className="button button--text button--small" onClick={() => void account.reload()}><Trans>Retry</Trans></button>
        </p>
      )}
      <OpenForm rules={rules} terms={terms} lastPrice={lastPrice} available={available} loggedIn={account.loggedIn} state={state} opening={opening} />
    </div>
  )
}
