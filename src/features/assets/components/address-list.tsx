import '../assets.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Currency, WithdrawAddress } from '../../../contract/assets.ts'
import { useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { useRequest } from '../../../lib/ui/use-request'
import { deleteAddress, fetchAddresses, resendAddressCode } from '../api'
import { syncPickedAddressAtom } from '../atoms'
import { addressHold, isAllowListOn, shortenAddress } from '../logic'
import { AddressCodeSheet } from './address-code-sheet'
import { RequestStatus } from './address-request-status'
import { AddressRow } from './address-row'
import { useAllowList } from './address-use-allow-list'

interface AddressListProps {
  currency: Currency
  /** Given when the list was opened to pick a destination (select=1). */
  onPick?: (entry: WithdrawAddress) => void
}

/** The address book of one currency: pick, edit, delete (after a confirmation), add; confirm with the mailed code. */
export function AddressList({ currency, onPick }: AddressListProps) {
  const { t } = useLingui()
  const { state, reload } = useRequest(`addresses:${currency}`, () => fetchAddresses(currency))
  const { state: allowList, now } = useAllowList()
  const [doomed, setDoomed] = useState<WithdrawAddress | null>(null)
  const [confirming, setConfirming] = useState<WithdrawAddress | null>(null)
  const [resending, setResending] = useState<string | null>(null)
  const { busy, run } = useBusyAction()
  const refuseOffline = useRefuseOffline()
  const syncPicked = useSetAtom(syncPickedAddressAtom)
  const listOn = isAllowListOn(allowList, now)
  const hours = allowList?.delayHours ?? null

  const remove = (entry: WithdrawAddress) =>
    run(async () => {
      await deleteAddress(entry.id)
      syncPicked({ id: entry.id, address: null })
      toast.success(t`Address deleted`)
      reload()
    }).finally(() => setDoomed(null))
  const resend = (entry: WithdrawAddress) => {
    if (refuseOffline()) return
    setResending(entry.id)
    void run(async () => {
      await resendAddressCode(entry.id)
      toast.success(t`A new code was sent to your email`)
    }).finally(() => setResending(null))
  }
  const confirmed = (entry: WithdrawAddress) => {
    syncPicked({ id: entry.id, address: entry })
    setConfirming(null)
    reload()
  }

  return (
    <>
      {listOn && hours !== null && (
        <p className="notice" role="note">
          <Trans>The withdrawal allow-list is on: withdrawals go only to confirmed addresses, {hours} hours after they were added.</Trans>
        </p>
      )}
      {state.status === 'ready' ? (
        state.data.length > 0 ? (
          <ul className="address-list" aria-label={t`${currency} withdrawal addresses`}>
            {state.data.map((entry) => (
              <AddressRow key={entry.id} entry={entry} hold={addressHold(entry, listOn, now)} onPick={onPick} onDelete={setDoomed}
                onEnterCode={setConfirming} onResend={resend} resending={resending === entry.id} />
            ))}
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
      {confirming && <AddressCodeSheet entry={confirming} onConfirmed={confirmed} onClose={() => setConfirming(null)} />}
    </>
  )
}
