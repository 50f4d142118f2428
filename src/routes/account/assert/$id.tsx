import { Trans } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { keptAlive, useKeptAliveParams } from '../../../app/keep-alive'
import { Screen } from '../../../app/screen'
import { AccountAssets } from '../../../features/assets/components/account-assets'
import { AccountTabs } from '../../../features/assets/components/account-tabs'
import { parseAccountId } from '../../../features/assets/logic'

// Spec §2: the asset list of account 1 (spot) or 2 (contract), kept alive (app/keep-alive.tsx) so
// the Assets tab comes back as it was left. The id check is inline: beforeLoad ships in the first chunk.
export const Route = createFileRoute('/account/assert/$id')({
  beforeLoad: ({ params }) => {
    if (params.id !== '1' && params.id !== '2') throw notFound()
  },
  staticData: { tab: 'assets', keepAlive: true },
  component: keptAlive(AccountScreen),
})

function AccountScreen() {
  const type = parseAccountId(useKeptAliveParams().id) ?? 1
  return (
    <Screen title={<Trans>Assets</Trans>}>
      <AccountTabs value={type} />
      <AccountAssets type={type} />
    </Screen>
  )
}
