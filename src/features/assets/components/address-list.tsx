import '../assets.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Currency, WithdrawAddress } from '../../../contract/assets.ts'
import { useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { useRequest } from '../../../lib/ui/use-request'
import { deleteAddress, fetchAddresses } from '../api'
import { syncPickedAddressAtom } from '../atoms'
import { shortenAddress } from '../logic'
import { RequestStatus } from './address-request-status'
import { AddressRow } from './address-row'

interface AddressListProps {
  currency: Currency
  /** Given when the list was opened to pick a destination (select=1). */
  onPick?: (entry: WithdrawAddress) => void
}

/** The address book of one currency: pick, edit, delete (after a confirmation), add. */
export function AddressList({ currency, onPick }: AddressListProps) {
  const { t } = useLingui()
  const { state, reload } = useRequest(`addresses:${currency}`, () => fetchAddresses(currency))
  const [doomed, setDoomed] = useState<WithdrawAddress | null>(null)
  const { busy, run } = useBusyAction()
  const syncPicked = useSetAtom(syncPickedAddressAtom)

  const remove = (entry: WithdrawAddress) =>
    run(async () => {
      await deleteAddress(entry.id)
      syncPicked({ id: entry.id, address: null })
      toast.success(t`Address deleted`)
      reload()
    }).finally(() => setDoomed(null))

  return (
    <>
      {state.status === 'ready' ? (
        state.data.length > 0 ? (
          <ul className="address-list" aria-label={t`${currency} withdrawal addresses`}>
            {state.data.map((entry) => <AddressRow key={entry.id} entry={entry} onPick={onPick} onDelete={setDoomed} />)}
          </ul>
        ) : (
          <p className="empty-state" role="status"><Trans>No {currency} withdrawal addresses saved yet.</Trans></p>
        )
      ) : (
        <RequestStatus state={state} onRetry={reload} loading={<Trans>Loading addresses…</Trans>}
          failed={<Trans>The addresses could not be loaded.</Trans>} />
      )}
      <Link to="/assert/addaddress" search={{ currency }} className="button button--primary button--block">
        <Trans>Add address</Trans>
      </Link>
      {doomed && (
        <ConfirmSheet title={<Trans>Delete this address?</Trans>} confirmLabel={<Trans>Delete</Trans>} danger busy={busy}
          onConfirm={() => remove(doomed)} onCancel={() => setDoomed(null)}>
          <p className="figures__address">{doomed.chain} · {shortenAddress(doomed.address, 10)}</p>
        </ConfirmSheet>
      )}
    </>
  )
}
