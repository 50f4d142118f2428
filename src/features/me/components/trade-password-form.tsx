import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { tokenAtom, userIdAtom, userInfoAtom } from '../../../lib/session'
import { useAtom, useAtomValue } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { PasswordField } from '../../../lib/ui/text-field'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { fetchUserInfo, setTradePassword } from '../api'
import { checkTradePassword } from '../logic'

type Field = 'loginPassword' | 'password' | 'confirm'
const EMPTY = { loginPassword: '', password: '', confirm: '' }
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6)

/** Set, or change, the 6-digit fund password that confirms withdrawals; the login password proves who asks. */
export function TradePasswordForm() {
  const { t } = useLingui()
  const [info, setInfo] = useAtom(userInfoAtom)
  const token = useAtomValue(tokenAtom)
  const userId = useAtomValue(userIdAtom)
  const [form, setForm] = useState(EMPTY)
  const [errors, setErrors] = useState<FormErrors<Field>>({})
  const { busy, run } = useBusyAction()
  const isSet = info?.assetsPwd === 1
  const set = (field: Field, clean = (v: string) => v) => (value: string) => setForm((f) => ({ ...f, [field]: clean(value) }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = checkTradePassword(form)
    setErrors(found)
    if (hasErrors(found)) return
    await run(async () => {
      await setTradePassword(form.loginPassword, form.password)
      setForm(EMPTY)
      toast.success(isSet ? t`Fund password changed` : t`Fund password set`)
      setInfo(await fetchUserInfo(token, userId))
    })
  }
  const title = isSet ? <Trans>Change fund password</Trans> : <Trans>Set fund password</Trans>
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="trade-password-title">
      <h2 id="trade-password-title" className="card__title">{title}</h2>
      <p className="form__note"><Trans>The fund password confirms withdrawals and other movements of money.</Trans></p>
      <PasswordField label={<Trans>Login password</Trans>} value={form.loginPassword} onValueChange={set('loginPassword')}
        autoComplete="current-password" error={errors.loginPassword} />
      <PasswordField label={<Trans>New fund password</Trans>} value={form.password} onValueChange={set('password', digitsOnly)}
        inputMode="numeric" autoComplete="off" placeholder={t`6 digits`} error={errors.password} />
      <PasswordField label={<Trans>Repeat the fund password</Trans>} value={form.confirm} onValueChange={set('confirm', digitsOnly)}
        inputMode="numeric" autoComplete="off" error={errors.confirm} />
      <SubmitButton busy={busy}>{title}</SubmitButton>
    </form>
  )
}
