import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { checkNewLoginPassword } from '../../../lib/password-strength'
import { toast } from '../../../lib/toast'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { NewPasswordField } from '../../../lib/ui/new-password-field'
import { PasswordField, TextField } from '../../../lib/ui/text-field'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { register, sendRegisterCode, verifyRegisterCode } from '../api'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { checkEmailAndCode, errorsAfterChange, checkRegisterDetails, normalizeEmail } from '../logic'
import { EmailCodeField } from './email-code-field'

type Field = 'email' | 'code' | 'password' | 'confirm' | 'inviteCode'

/**
 * Sign-up in two steps: the email and its code first (checked by the server before anything else
 * is asked), then the password and an optional invite code. Nothing typed is lost between steps.
 */
export function RegisterForm({ onRegistered, inviteCode = '' }: { onRegistered: (email: string) => void; inviteCode?: string }) {
  const { t } = useLingui()
  const [step, setStep] = useState<1 | 2>(1)
  const [form, setForm] = useState({ email: '', code: '', password: '', confirm: '', inviteCode })
  const [agreed, setAgreed] = useState(false)
  const [errors, setErrors] = useState<FormErrors<Field>>({})
  const { busy, run } = useBusyAction()
  const set = (field: Field) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    setErrors((current) => errorsAfterChange(current, field))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = step === 1 ? checkEmailAndCode(form) : checkRegisterDetails(form)
    setErrors(found)
    if (hasErrors(found)) return
    const email = normalizeEmail(form.email)
    if (step === 1) return run(async () => {
      await verifyRegisterCode(email, form.code)
      setStep(2)
    })
    if (!agreed) return toast.warning(t`Please read and accept the terms of service`)
    return run(async () => {
      // The common-password list loads lazily, so this check waits for it (the server checks too).
      const refused = await checkNewLoginPassword(form.password)
      if (refused) return setErrors({ password: refused })
      await register({ email, code: form.code, password: form.password, inviteCode: form.inviteCode.trim() })
      toast.success(t`Registration complete, please log in`)
      onRegistered(email)
    })
  }

  return (
    <form className="form form--auth" onSubmit={submit} noValidate>
      <p className="form__step">{step === 1 ? <Trans>Step 1 of 2: verify your email</Trans> : <Trans>Step 2 of 2: choose a password</Trans>}</p>
      {step === 1 ? (
        <>
          <TextField label={<Trans>Email</Trans>} value={form.email} onValueChange={set('email')} type="email"
            autoComplete="email" inputMode="email" placeholder={t`Please enter your email`} error={errors.email} />
          <EmailCodeField email={form.email} code={form.code} onCodeChange={set('code')} error={errors.code}
            send={sendRegisterCode} onEmailInvalid={(email) => setErrors({ email })} />
        </>
      ) : (
        <>
          <p className="form__note">{normalizeEmail(form.email)}</p>
          <NewPasswordField label={<Trans>Login password</Trans>} value={form.password} onValueChange={set('password')}
            email={normalizeEmail(form.email)} error={errors.password} />
          <PasswordField label={<Trans>Repeat the password</Trans>} value={form.confirm} onValueChange={set('confirm')}
            autoComplete="new-password" error={errors.confirm} />
          <TextField label={<Trans>Invitation code (optional)</Trans>} value={form.inviteCode}
            onValueChange={set('inviteCode')} autoCapitalize="off" error={errors.inviteCode} />
          <label className="checkbox">
            <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
            <span>
              <Trans>I have read and accept the <Link to="/protocol">terms of service</Link></Trans>
            </span>
          </label>
        </>
      )}
      <SubmitButton busy={busy}>{step === 1 ? <Trans>Next</Trans> : <Trans>Register</Trans>}</SubmitButton>
      {step === 2 && (
        <button type="button" className="button button--text button--block" onClick={() => setStep(1)}>
          <Trans>Change email</Trans>
        </button>
      )}
      <p className="form__footer">
        <Trans>Already have an account?</Trans>{' '}
        <Link to="/login">
          <Trans>Log in</Trans>
        </Link>
      </p>
    </form>
  )
}
