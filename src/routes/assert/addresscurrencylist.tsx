import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { AddressCurrencyList } from '../../features/assets/components/address-currency-list'

export const Route = createFileRoute('/assert/addresscurrencylist')({
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Address book</Trans>} back>
      <AddressCurrencyList />
    </Screen>
  ),
})
