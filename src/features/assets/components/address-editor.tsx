import '../assets.css'
import { Trans } from '@lingui/react/macro'
import type { Currency } from '../../../contract/assets.ts'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchAddresses } from '../api'
import { RequestStatus } from './address-request-status'
import { AddressForm } from './address-form'

interface AddressEditorProps {
  currency: Currency
  /** Edit mode: the saved address to change; adding when absent. */
  id?: string
  onSaved: () => void
}

/** Adding starts empty; editing first loads the saved address (the book is small: the list holds it). */
export function AddressEditor({ currency, id, onSaved }: AddressEditorProps) {
  const { state, reload } = useRequest(id ? `address:${currency}:${id}` : null, () => fetchAddresses(currency))
  if (!id) return <AddressForm currency={currency} onSaved={onSaved} />
  if (state.status !== 'ready') {
    return <RequestStatus state={state} onRetry={reload} loading={<Trans>Loading the address…</Trans>}
      failed={<Trans>The address could not be loaded.</Trans>} />
  }
  const editing = state.data.find((entry) => entry.id === id)
  if (!editing) return <p className="empty-state" role="alert"><Trans>This address no longer exists.</Trans></p>
  return <AddressForm key={editing.id} currency={currency} editing={editing} onSaved={onSaved} />
}
