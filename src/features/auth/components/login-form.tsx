import './login.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import type { LoginResult } from '../../../contract/user.ts'
import { deviceId } from '../../../lib/device-id'
import { signInAtom } from '../../../lib/session'
import { useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { PasswordField, TextField } from '../../../lib/ui/text-field'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { login } from '../api'
import { hasErrors, type FormErrors } from '../../../lib/form-errors'
import { checkLogin, errorsAfterChange, normalizeEmail } from '../logic'
import { LoginCodeStep } from './login-code-step'
import { PasskeySignIn } from './passkey-sign-in'

/**
 * Email + password sign-in; with two-factor codes on, a second step on the same screen asks for a
 * code; or a passkey instead of both. `onSignedIn` decides where the user lands, whichever way.
 */
export function LoginForm({ onSignedIn, initialEmail = '' }: { onSignedIn: () => void; initialEmail?: string }) {
  const { t } = useLingui()
  const signIn = useSetAtom(signInAtom)
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FormErrors<'email' | 'password'>>({})
  // The password step's challenge while the code step shows.
  const [challenge, setChallenge] = useState<string | null>(null)
  const { busy, run } = useBusyAction()
  // A field's error goes as soon as it is edited, not at the next submit.
  const edit = (field: 'email' | 'password', set: (value: string) => void) => (value: string) => {
    set(value)
    setErrors((current) => errorsAfterChange(current, field))
  }
  // The one way in, whichever step led here: the same store, toast and landing as ever.
  const finish = (session: LoginResult) => {
    signIn(session)
    toast.success('login success')
    onSignedIn()
  }
  // Back to the first step (the user asked, or the challenge expired): the password is typed again.
  const restart = () => {
    setChallenge(null)
    setPassword('')
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = checkLogin({ email, password })
    setErrors(found)
    if (hasErrors(found)) return
    await run(async () => {
      const result = await login(normalizeEmail(email), password, deviceId())
      if (result.challenge) setChallenge(result.challenge)
      else finish(result)
    })
  }

  if (challenge) return <LoginCodeStep challenge={challenge} onSignedIn={finish} onRestart={restart} />
  return (
    <div className="form form--auth">
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={<Trans>Email</Trans>} value={email} onValueChange={edit('email', setEmail)} type="email"
          autoComplete="username" inputMode="email" placeholder={t`Please enter your email`} error={errors.email} />
        <PasswordField label={<Trans>Login password</Trans>} value={password} onValueChange={edit('password', setPassword)}
          autoComplete="current-password" placeholder={t`Please enter the login password`} error={errors.password} />
        <div className="form__links">
          <Link to="/password">
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <SubmitButton busy={busy}>
          <Trans>Log in</Trans>
        </SubmitButton>
      </form>
      <PasskeySignIn onSignedIn={finish} />
      <p className="form__footer">
        <Trans>No account yet?</Trans>{' '}
        <Link to="/register">
          <Trans>Register</Trans>
        </Link>
      </p>
    </div>
  )
}
