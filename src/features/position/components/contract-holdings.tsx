import '../../contract/contract.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { availableOf } from '../../../lib/account-state'
import { PositionCard } from '../../contract/components/position-card'
import { PositionsStaleNote } from '../../contract/components/positions-stale-note'
import { useContractAccount } from '../../contract/components/use-contract-account'
import { useContractConfig } from '../../contract/components/use-contract-config'
import { usePositions } from '../../contract/components/use-positions'
import { termsOf } from '../../contract/logic'
import { holdingFirst } from '../logic'
import { PositionSection } from './position-section'

/**
 * Every leveraged position of every pair, with the contract screen's own cards: P/L and ROE live
 * on the mark, the liquidation price, and close, add margin, stops (or a pending entry's cancel).
 */
export function ContractHoldings() {
  const { t } = useLingui()
  const { config } = useContractConfig()
  const account = useContractAccount()
  const { positions, error, loadedAt, retry } = usePositions(undefined)
  const available = availableOf(account.rows, 'USDT')
  return (
    <PositionSection title={<Trans>Leveraged positions</Trans>} to="/action/contract" linkLabel={<Trans>Contract trading</Trans>}>
      {!positions && error === null && <p className="position-empty" role="status" aria-label={t`Loading positions`}><span className="spinner" /></p>}
      {error !== null && <PositionsStaleNote positions={positions} error={error} loadedAt={loadedAt} retry={retry} className="position-stale" />}
      {positions?.length === 0 && <p className="position-empty" role="status"><Trans>No leveraged positions open.</Trans></p>}
      {positions && positions.length > 0 && (
        <ul className="contract-list" aria-label={t`Leveraged positions`}>
          {holdingFirst(positions).map((position) => (
            <PositionCard key={position.id} position={position} mode="trade" available={available}
              terms={config && termsOf(config, position.symbol)} />
          ))}
        </ul>
      )}
    </PositionSection>
  )
}
