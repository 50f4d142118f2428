import { Trans } from '@lingui/react/macro'
import { createFileRoute, useCanGoBack, useRouter } from '@tanstack/react-router'
import type { WithdrawAddress } from '../../contract/assets.ts'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { pickedAddressAtom } from '../../features/assets/atoms'
import { AddressList } from '../../features/assets/components/address-list'
import { parseAddressListSearch } from '../../features/assets/coin-search'
import { useSetAtom } from '../../lib/store'

export const Route = createFileRoute('/assert/addresslist')({
  validateSearch: parseAddressListSearch,
  beforeLoad: requireLogin,
  component: AddressListScreen,
})

function AddressListScreen() {
  const { currency, select } = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const setPicked = useSetAtom(pickedAddressAtom)
  // Back to the withdrawal that asked (its typed amount lives on there); straight to one when
  // the list was opened from a link with no history.
  const pick = (entry: WithdrawAddress) => {
    setPicked(entry)
    if (canGoBack) router.history.back()
    else void navigate({ to: '/assert/withdrawel', search: { currency, chain: entry.chain }, replace: true })
  }
  return (
    <Screen title={<Trans>{currency} addresses</Trans>} back>
      {select && <p className="form__note"><Trans>Tap an address to withdraw to it.</Trans></p>}
      <AddressList currency={currency} onPick={select ? pick : undefined} />
    </Screen>
  )
}
