// The step-up dialog itself (app/password-prompt.tsx opens it): the login password, in the frame
// the code dialog shares (gate-sheet.tsx).
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { PasswordField } from '../lib/ui/text-field'
import type { GateRequest } from './gate-prompt'
import { GateSheet } from './gate-sheet'

/** One ask of the api client: `submit` checks a password with the server; `finish` answers the ask. */
export function PasswordDialog({ request }: { request: GateRequest }) {
  const [password, setPassword] = useState('')
  return (
    <GateSheet
      request={request}
      title={<Trans>Confirm it is you</Trans>}
      text={<Trans>For your security, moving money or changing security settings after a while without use needs your login password again.</Trans>}
      typed={() => (password ? { send: password } : { refuse: msg({ id: 'Please enter the login password', message: 'Please enter the login password' }) })}
      clear={() => setPassword('')}
      renderField={(error, clearError) => (
        <PasswordField label={<Trans>Login password</Trans>} value={password} onValueChange={(value) => {
          setPassword(value)
          clearError()
        }} autoComplete="current-password" error={error} data-autofocus />
      )}
    />
  )
}
