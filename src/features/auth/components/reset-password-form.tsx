import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { checkNewLoginPassword } from '../../../lib/password-strength'
import { toast } from '../../../lib/toast'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { NewPasswordField } from '../../../lib/ui/new-password-field'
import { PasswordField, TextField } from '../../../lib/ui/text-field'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { resetPassword, sendResetCode } from '../api'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { checkEmailAndCode, errorsAfterChange, checkNewPassword, normalizeEmail } from '../logic'
import { EmailCodeField } from './email-code-field'

type Field = 'email' | 'code' | 'password' | 'confirm'

/** Forgotten password: a code mailed to the address, then a new password (spec §7 forgetPwd). */
export function ResetPasswordForm({ onReset }: { onReset: (email: string) => void }) {
  const { t } = useLingui()
  const [form, setForm] = useState({ email: '', code: '', password: '', confirm: '' })
  const [errors, setErrors] = useState<FormErrors<Field>>({})
  const { busy, run } = useBusyAction()
  const set = (field: Field) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    setErrors((current) => errorsAfterChange(current, field))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = { ...checkEmailAndCode(form), ...checkNewPassword(form) }
    setErrors(found)
    if (hasErrors(found)) return
    await run(async () => {
      // The common-password list loads lazily, so this check waits for it (the server checks too).
      const refused = await checkNewLoginPassword(form.password)
      if (refused) return setErrors({ password: refused })
      const email = normalizeEmail(form.email)
      await resetPassword({ email, code: form.code, password: form.password })
      toast.success(t`Password changed, please log in`)
      onReset(email)
    })
  }

  return (
    <form className="form form--auth" onSubmit={submit} noValidate>
      <TextField label={<Trans>Email</Trans>} value={form.email} onValueChange={set('email')} type="email"
        autoComplete="email" inputMode="email" placeholder={t`Please enter your email`} error={errors.email} />
      <EmailCodeField email={form.email} code={form.code} onCodeChange={set('code')} error={errors.code}
        send={sendResetCode} onEmailInvalid={(email) => setErrors({ email })} />
      <NewPasswordField label={<Trans>New login password</Trans>} value={form.password} onValueChange={set('password')}
        email={normalizeEmail(form.email)} error={errors.password} />
      <PasswordField label={<Trans>Repeat the password</Trans>} value={form.confirm} onValueChange={set('confirm')}
        autoComplete="new-password" error={errors.confirm} />
      <SubmitButton busy={busy}>
        <Trans>Reset password</Trans>
      </SubmitButton>
    </form>
  )
}
