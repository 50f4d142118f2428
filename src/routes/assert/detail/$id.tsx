import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../app/guards'
import { Screen } from '../../../app/screen'
import { AssetDetail } from '../../../features/assets/components/asset-detail'
import { RecordList } from '../../../features/assets/components/record-list'

// Spec §2 /assert/detail/{id}: the id is the currency; ?account=2 for the contract account (default spot).
export const Route = createFileRoute('/assert/detail/$id')({
  validateSearch: (search: Record<string, unknown>): { account?: 1 | 2 } => ({
    account: search.account === 2 || search.account === '2' ? 2 : search.account === 1 || search.account === '1' ? 1 : undefined,
  }),
  beforeLoad: requireLogin,
  component: AssetDetailScreen,
})

function AssetDetailScreen() {
  const { id } = Route.useParams()
  const { account = 1 } = Route.useSearch()
  return (
    <Screen title={id} back>
      <AssetDetail currency={id} account={account} />
      <RecordList query={{ currency: id, accountType: account }} heading={<Trans>Records</Trans>} />
    </Screen>
  )
}
