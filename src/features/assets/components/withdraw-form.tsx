import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { CHAINS, type AssetRecord, type Currency, type WithdrawConfig } from '../../../contract/assets.ts'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { userInfoAtom } from '../../../lib/session'
import { useAtom, useAtomValue } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { TextField } from '../../../lib/ui/text-field'
import { useOnline } from '../../../lib/ui/use-online'
import { pickedAddressAtom } from '../atoms'
import { chainRemark, checkWithdraw, plainAmount } from '../logic'
import { ChainChoice } from './address-chain-choice'
import { WithdrawAddressField } from './withdraw-address-field'
import { WithdrawAmountField } from './withdraw-amount-field'
import { WithdrawConfirm } from './withdraw-confirm'
import { WithdrawPasswordField } from './withdraw-password-field'
import { WithdrawSuccess } from './withdraw-success'
import { useWithdrawSubmit } from './withdraw-use-submit'

interface WithdrawFormProps {
  currency: Currency
  /** The chain in the URL; a picked address of this currency decides instead. */
  chain: string
  onChainChange: (chain: string) => void
  config: WithdrawConfig
  available: string | null
  onWithdrawn: () => void
}

type Field = 'address' | 'amount' | 'remark' | 'tradePassword'

/** Spec §5: amount, address and remark, and the fund password; confirmed in a sheet before money moves. */
export function WithdrawForm({ currency, chain: urlChain, onChainChange, config, available, onWithdrawn }: WithdrawFormProps) {
  const { t } = useLingui()
  const online = useOnline()
  const [picked, setPicked] = useAtom(pickedAddressAtom)
  const address = picked?.currency === currency ? picked : null
  const chain = address?.chain ?? urlChain
  const assetsPwd = useAtomValue(userInfoAtom)?.assetsPwd
  const passwordSet = assetsPwd === undefined ? null : assetsPwd === 1
  const [form, setForm] = useState({ amount: '', remark: chainRemark(currency, chain), tradePassword: '' })
  const [errors, setErrors] = useState<FormErrors<Field>>({})
  const [done, setDone] = useState<AssetRecord | null>(null)
  const submit = useWithdrawSubmit((record) => {
    setDone(record)
    setForm((current) => ({ ...current, amount: '', tradePassword: '' }))
    toast.success(t`Withdrawal submitted`)
    onWithdrawn()
  })
  const set = (field: 'amount' | 'remark' | 'tradePassword') => (value: string) => setForm((f) => ({ ...f, [field]: value }))

  const changeChain = (next: string) => {
    if (address && address.chain !== next) setPicked(null)
    // The remark follows the chain while it still says a chain (spec §3); a typed remark stays.
    setForm((f) => (f.remark === '' || CHAINS[currency].includes(f.remark) ? { ...f, remark: chainRemark(currency, next) } : f))
    onChainChange(next)
  }
  const review = (event: FormEvent) => {
    event.preventDefault()
    const found = checkWithdraw({ addressId: address?.id ?? null, ...form }, { min: config.min, max: config.max, available })
    setErrors(found)
    if (hasErrors(found) || !address) return
    setDone(null)
    submit.review({ currency, chain, address: address.address, ...form, amount: plainAmount(form.amount) })
  }

  return (
    <form className="form card" onSubmit={review} noValidate aria-label={t`Withdrawal`}>
      <ChainChoice currency={currency} value={chain} onChange={changeChain} />
      <WithdrawAddressField currency={currency} address={address} error={errors.address} />
      <WithdrawAmountField config={config} available={available} value={form.amount} onValueChange={set('amount')} error={errors.amount} />
      <TextField label={<Trans>Remark</Trans>} value={form.remark} onValueChange={set('remark')} autoComplete="off"
        maxLength={64} error={errors.remark} />
      <WithdrawPasswordField isSet={passwordSet} value={form.tradePassword} onValueChange={set('tradePassword')} error={errors.tradePassword} />
      {!online && (
        <p className="notice notice--warning" role="alert"><Trans>You are offline. Withdrawals cannot be sent until the connection is back.</Trans></p>
      )}
      <SubmitButton busy={submit.busy} disabled={passwordSet === false}><Trans>Withdraw</Trans></SubmitButton>
      {done && <WithdrawSuccess record={done} />}
      {submit.pending && (
        <WithdrawConfirm request={submit.pending} fee={config.fee} busy={submit.busy} onConfirm={submit.confirm} onCancel={submit.cancel} />
      )}
    </form>
  )
}
