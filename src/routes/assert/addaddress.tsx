import { Trans } from '@lingui/react/macro'
import { createFileRoute, useCanGoBack, useRouter } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { AddressEditor } from '../../features/assets/components/address-editor'
import { parseAddAddressSearch } from '../../features/assets/coin-search'

export const Route = createFileRoute('/assert/addaddress')({
  validateSearch: parseAddAddressSearch,
  beforeLoad: requireLogin,
  component: AddAddressScreen,
})

function AddAddressScreen() {
  const { currency, id } = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const canGoBack = useCanGoBack()
  // Back to the list that opened this screen (keeping its select=1), else to the currency's list.
  const backToList = () =>
    canGoBack ? router.history.back() : void navigate({ to: '/assert/addresslist', search: { currency }, replace: true })
  return (
    <Screen title={id ? <Trans>Edit address</Trans> : <Trans>Add address</Trans>} back>
      <AddressEditor currency={currency} id={id} onSaved={backToList} />
    </Screen>
  )
}
