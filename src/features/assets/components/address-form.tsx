import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { CHAINS, type Currency, type WithdrawAddress } from '../../../contract/assets.ts'
import { ApiError } from '../../../lib/api-client'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { useSetAtom } from '../../../lib/store'
import { toast, toastFailure } from '../../../lib/toast'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { TextField } from '../../../lib/ui/text-field'
import { addAddress, updateAddress } from '../api'
import { syncPickedAddressAtom } from '../atoms'
import { chainRemark, checkAddress, firstChain } from '../logic'
import { ChainChoice } from './address-chain-choice'
import { AddressInput } from './address-input'

interface AddressFormProps {
  currency: Currency
  /** The saved address being edited; absent when adding. */
  editing?: WithdrawAddress
  onSaved: () => void
}

/** Add or edit a withdrawal address. Its format per chain is judged by the server, whose message shows under the field. */
export function AddressForm({ currency, editing, onSaved }: AddressFormProps) {
  const { t } = useLingui()
  const syncPicked = useSetAtom(syncPickedAddressAtom)
  const [chain, setChain] = useState(editing?.chain ?? firstChain(currency))
  const [address, setAddress] = useState(editing?.address ?? '')
  const [remark, setRemark] = useState(editing?.remark ?? chainRemark(currency, chain))
  const [errors, setErrors] = useState<FormErrors<'address'>>({})
  const [busy, setBusy] = useState(false)

  const changeChain = (next: string) => {
    setChain(next)
    if (remark === '' || CHAINS[currency].includes(remark)) setRemark(chainRemark(currency, next))
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = checkAddress({ address })
    setErrors(found)
    if (hasErrors(found)) return
    setBusy(true)
    try {
      const input = { address: address.trim(), remark: remark.trim() }
      const saved = editing ? await updateAddress({ id: editing.id, ...input }) : await addAddress({ currency, chain, ...input })
      syncPicked({ id: saved.id, address: saved })
      toast.success(t`Address saved`)
      onSaved()
    } catch (failure) {
      // The server's refusal (an address not of this chain's format) belongs beside the address.
      if (failure instanceof ApiError && failure.kind === 'business') setErrors({ address: { id: failure.message, message: failure.message } })
      else toastFailure(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form card" onSubmit={submit} noValidate aria-label={editing ? t`Edit address` : t`Add address`}>
      <p className="muted"><Trans>Currency: {currency}</Trans></p>
      <ChainChoice currency={currency} value={chain} onChange={changeChain} disabled={!!editing} />
      <AddressInput label={<Trans>Address</Trans>} value={address} onValueChange={setAddress}
        placeholder={t`Paste the ${chain} address`} error={errors.address} />
      <TextField label={<Trans>Remark (optional)</Trans>} value={remark} onValueChange={setRemark} autoComplete="off" maxLength={64} />
      <SubmitButton busy={busy}><Trans>Save</Trans></SubmitButton>
    </form>
  )
}
