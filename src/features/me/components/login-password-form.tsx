import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { checkNewLoginPassword } from '../../../lib/password-strength'
import { userInfoAtom } from '../../../lib/session'
import { useAtomValue } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { NewPasswordField } from '../../../lib/ui/new-password-field'
import { PasswordField } from '../../../lib/ui/text-field'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { changeLoginPassword } from '../api'
import { checkChangeLoginPassword } from '../logic'

type Field = 'oldPassword' | 'password' | 'confirm'
const EMPTY = { oldPassword: '', password: '', confirm: '' }

/** Change the login password; the server ends every other session of the account. */
export function LoginPasswordForm() {
  const { t } = useLingui()
  const email = useAtomValue(userInfoAtom)?.email
  const [form, setForm] = useState(EMPTY)
  const [errors, setErrors] = useState<FormErrors<Field>>({})
  const { busy, run } = useBusyAction()
  const set = (field: Field) => (value: string) => setForm((f) => ({ ...f, [field]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = checkChangeLoginPassword(form)
    setErrors(found)
    if (hasErrors(found)) return
    await run(async () => {
      // The common-password list loads lazily, so this check waits for it (the server checks too).
      const refused = await checkNewLoginPassword(form.password)
      if (refused) return setErrors({ password: refused })
      await changeLoginPassword(form.oldPassword, form.password)
      setForm(EMPTY)
      toast.success(t`Login password changed`)
    })
  }
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="login-password-title">
      <h2 id="login-password-title" className="card__title"><Trans>Change login password</Trans></h2>
      <PasswordField label={<Trans>Current login password</Trans>} value={form.oldPassword}
        onValueChange={set('oldPassword')} autoComplete="current-password" error={errors.oldPassword} />
      <NewPasswordField label={<Trans>New login password</Trans>} value={form.password} onValueChange={set('password')}
        email={email} error={errors.password} />
      <PasswordField label={<Trans>Repeat the new password</Trans>} value={form.confirm} onValueChange={set('confirm')}
        autoComplete="new-password" error={errors.confirm} />
      <SubmitButton busy={busy}><Trans>Change login password</Trans></SubmitButton>
    </form>
  )
}
