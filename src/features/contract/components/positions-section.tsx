import '../contract.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { availableOf } from '../../../lib/account-state'
import { isLoggedInAtom } from '../../../lib/session'
import { useAtomValue } from '../../../lib/store'
import { VisitorNote } from '../../../lib/ui/visitor-note'
import { contractAccountAtom } from '../atoms'
import { termsOf } from '../logic'
import { PositionCard } from './position-card'
import { PositionsStaleNote } from './positions-stale-note'
import type { ContractConfigState } from './use-contract-config'
import { usePositions } from './use-positions'

/** The caller's open positions and pending entries under the form: this pair's, or every pair's. */
export function PositionsSection({ symbol, terms }: { symbol: string; terms: ContractConfigState }) {
  const { t } = useLingui()
  const loggedIn = useAtomValue(isLoggedInAtom)
  const [allPairs, setAllPairs] = useState(false)
  return (
    <section className="contract-positions" aria-label={t`Positions`}>
      <div className="contract-positions__head">
        <h2 className="contract-heading"><Trans>Positions</Trans></h2>
        {loggedIn && (
          <label className="checkbox contract-positions__all">
            <input type="checkbox" checked={allPairs} onChange={(event) => setAllPairs(event.target.checked)} />
            <Trans>All pairs</Trans>
          </label>
        )}
        <Link to="/contract/record" className="contract-positions__link"><Trans>Position history</Trans></Link>
      </div>
      {loggedIn ? <OpenPositions symbol={allPairs ? undefined : symbol} terms={terms} /> : <VisitorNote />}
    </section>
  )
}

function OpenPositions({ symbol, terms: { config } }: { symbol: string | undefined; terms: ContractConfigState }) {
  const { t } = useLingui()
  const { positions, error, loadedAt, retry } = usePositions(symbol)
  const available = availableOf(useAtomValue(contractAccountAtom).rows, 'USDT')
  if (!positions && error === null) return <p className="contract-empty" role="status" aria-label={t`Loading positions`}><span className="spinner" /></p>
  return (
    <div className="contract-positions__list">
      {error !== null && (
        <PositionsStaleNote positions={positions} error={error} loadedAt={loadedAt} retry={retry} className="contract-note contract-note--warn contract-stale" />
      )}
      {positions?.length === 0 && <p className="contract-empty" role="status"><Trans>No open positions.</Trans></p>}
      {positions && positions.length > 0 && (
        <ul className="contract-list" aria-label={t`Open positions`}>
          {positions.map((position) => (
            <PositionCard key={position.id} position={position} mode="trade" available={available}
              terms={config && termsOf(config, position.symbol)} />
          ))}
        </ul>
      )}
    </div>
  )
}
