import '../assets.css'
import type { AccountTypeId } from '../../../contract/assets.ts'
import { useSetAtom } from '../../../lib/store'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import { fetchPriceList } from '../api'
import { applyPriceListAtom } from '../atoms'
import { AssetEntries } from './asset-entries'
import { AssetList } from './asset-list'
import { AssetSummary } from './asset-summary'
import { PendingTransfers } from './pending-transfers'
import { useAccount } from './use-account'
import { useUsdtCloses } from './use-usdt-closes'
import { PullNote } from '../../../lib/ui/pull-note'

/** The body of /account/assert/{id}: total, actions and the currencies of one account. */
export function AccountAssets({ type }: { type: AccountTypeId }) {
  const account = useAccount(type)
  const closes = useUsdtCloses()
  const applyPrices = useSetAtom(applyPriceListAtom)
  // Prices now too, not at the next tick: a refreshed list should not convert at old prices.
  const refresh = () => {
    void account.reload()
    fetchPriceList().then(applyPrices, () => undefined)
  }
  const pull = usePullToRefresh(refresh)
  return (
    <div className="account-assets">
      <PullNote distance={pull.distance} ready={pull.ready} />
      <AssetSummary rows={account.rows} closes={closes} />
      <AssetEntries type={type} />
      <PendingTransfers />
      <AssetList type={type} state={account} closes={closes} onRefresh={refresh} />
    </div>
  )
}
