import '../contract.css'
import { OpenPanel } from './open-panel'
import { PositionsSection } from './positions-section'
import { useContractConfig } from './use-contract-config'

/** The contract screen's body under the pair header: the opening form, then the positions, on one load of the terms. */
export function ContractTrade({ pair }: { pair: { symbol: string; base: string; quote: string } }) {
  const terms = useContractConfig()
  return (
    <>
      <OpenPanel pair={pair} terms={terms} />
      <PositionsSection symbol={pair.symbol} terms={terms} />
    </>
  )
}
