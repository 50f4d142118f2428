import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { CHAINS, type Currency, type WithdrawAddress } from '../../../contract/assets.ts'
import { SERVER_MESSAGES } from '../../../contract/messages.ts'
import { ApiError } from '../../../lib/api-client'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { toast, toastFailure } from '../../../lib/toast'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { TextField } from '../../../lib/ui/text-field'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { userInfoAtom } from '../../../lib/session'
import { validateTradePassword } from '../../../lib/validate'
import { addAddress, updateAddress } from '../api'
import { syncPickedAddressAtom } from '../atoms'
import { chainRemark, checkAddress, firstChain, isAllowListOn } from '../logic'
import { ChainChoice } from './address-chain-choice'
import { AddressInput } from './address-input'
import { useAllowList } from './address-use-allow-list'
import { WithdrawPasswordField } from './withdraw-password-field'

const FUND_PASSWORD_REFUSALS: ReadonlySet<string> = new Set([
  SERVER_MESSAGES.passwordIncorrect, SERVER_MESSAGES.tradePasswordRule, SERVER_MESSAGES.fundPasswordNotSet,
])

interface AddressFormProps {
  currency: Currency
  /** The saved address being edited; absent when adding. */
  editing?: WithdrawAddress
  onSaved: () => void
}

/**
 * Add or edit a withdrawal address. Its format per chain is judged by the server, whose message
 * shows under the field. A new address (or a changed one) is confirmed with a mailed code; with the
 * withdrawal allow-list on, adding one also takes the fund password (contract/security.ts).
 */
export function AddressForm({ currency, editing, onSaved }: AddressFormProps) {
  const { t } = useLingui()
  const syncPicked = useSetAtom(syncPickedAddressAtom)
  const [chain, setChain] = useState(editing?.chain ?? firstChain(currency))
  const [address, setAddress] = useState(editing?.address ?? '')
  const [remark, setRemark] = useState(editing?.remark ?? chainRemark(currency, chain))
  const [tradePassword, setTradePassword] = useState('')
  const [errors, setErrors] = useState<FormErrors<'address' | 'tradePassword'>>({})
  const [busy, setBusy] = useState(false)
  const refuseOffline = useRefuseOffline()
  const { state: allowList, now } = useAllowList()
  const assetsPwd = useAtomValue(userInfoAtom)?.assetsPwd
  // With the allow-list on, the server wants it for a new address and for a changed one (a remark
  // alone needs none): either decides where money may go.
  const newAddress = !editing || address.trim() !== editing.address
  const needsFundPassword = isAllowListOn(allowList, now) && newAddress

  const changeChain = (next: string) => {
    setChain(next)
    if (remark === '' || CHAINS[currency].includes(remark)) setRemark(chainRemark(currency, next))
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const passwordError = needsFundPassword ? validateTradePassword(tradePassword) : null
    const found = { ...checkAddress({ address }), ...(passwordError ? { tradePassword: passwordError } : {}) }
    setErrors(found)
    if (hasErrors(found) || refuseOffline()) return
    setBusy(true)
    try {
      const input = { address: address.trim(), remark: remark.trim() }
      const saved = editing
        ? await updateAddress({ id: editing.id, ...input, tradePassword: needsFundPassword ? tradePassword : undefined })
        : await addAddress({ currency, chain, ...input, tradePassword: needsFundPassword ? tradePassword : undefined })
      syncPicked({ id: saved.id, address: saved })
      // A new or changed address waits for the mailed code: say where the next step is.
      if (saved.confirmed) toast.success(t`Address saved`)
      else toast.success(t`Address saved. We mailed you a code: tap "Enter code" on the address to confirm it.`)
      onSaved()
    } catch (failure) {
      // The server's refusal (an address not of this chain's format) belongs beside the address;
      // a wrong fund password beside that field.
      if (failure instanceof ApiError && failure.kind === 'business') {
        const field = needsFundPassword && FUND_PASSWORD_REFUSALS.has(failure.message) ? 'tradePassword' : 'address'
        setErrors({ [field]: { id: failure.message, message: failure.message } })
      } else toastFailure(failure)
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
      {needsFundPassword && (
        <>
          <p className="form__note"><Trans>The withdrawal allow-list is on: a new or changed address needs your fund password.</Trans></p>
          <WithdrawPasswordField isSet={assetsPwd === undefined ? null : assetsPwd === 1} value={tradePassword}
            onValueChange={setTradePassword} error={errors.tradePassword} />
        </>
      )}
      {newAddress && <p className="form__note"><Trans>We will mail you a code to confirm the address.</Trans></p>}
      <SubmitButton busy={busy}><Trans>Save</Trans></SubmitButton>
    </form>
  )
}
