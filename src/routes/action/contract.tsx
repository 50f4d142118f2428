import { Trans } from '@lingui/react/macro'
import { createFileRoute, useSearch } from '@tanstack/react-router'
import { keptAlive, useKeptSearch } from '../../app/keep-alive'
import { Screen } from '../../app/screen'
import { TradeSwitch } from '../../app/trade-switch'
import { ContractTrade } from '../../features/contract/components/contract-trade'
import { RecordLink } from '../../features/contract/components/record-link'
import { PairDrawerButton } from '../../features/market/components/pair-drawer-button'
import { loadCatalog } from '../../lib/i18n'
import { parseUsdtPair, validUsdtSearch, type UsdtSearch } from '../../lib/pair-search'
import { PairHeader } from '../../lib/ui/pair-header'

// Spec §2: leveraged contract trading under the Trade tab, kept alive (app/keep-alive) like the
// other Trade screens. Public: visitors see the prices and the terms; opening asks them to log in.
// Positions are USDT-margined, so the pair is a USDT pair from the search (?symbol=&base=&quote=,
// as the drawer's type 3 writes it), else BTC/USDT.
export const Route = createFileRoute('/action/contract')({
  validateSearch: (search: Record<string, unknown>): UsdtSearch => validUsdtSearch(search),
  // The contract screens' texts are a catalog of their own (lib/catalog-names), loaded before they render.
  loader: () => loadCatalog('contract', 'market'),
  staticData: { tab: 'trade', keepAlive: true },
  component: keptAlive(ContractScreen),
})

function ContractScreen() {
  const search = useKeptSearch(useSearch({ from: Route.id, shouldThrow: false }), {})
  const pair = parseUsdtPair({ ...search })
  return (
    <Screen title={<Trans>Contract trading</Trans>} left={<PairDrawerButton type={3} />} right={<RecordLink />}>
      <TradeSwitch current="/action/contract" search={search} pair={pair} />
      <PairHeader pair={pair} priceLabel={<Trans>Mark price</Trans>} priceTestId="contract-mark-price" />
      <ContractTrade pair={pair} />
    </Screen>
  )
}
