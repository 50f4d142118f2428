// The two-factor dialog itself (app/code-prompt.tsx opens it): the authenticator app's 6-digit
// code, or a recovery code after "Use a recovery code", in the frame the password dialog shares
// (gate-sheet.tsx).
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { checkFactorCode, factorCodeToSend, type FactorKind } from '../lib/factor-code'
import { FactorCodeField } from '../lib/ui/factor-code-field'
import type { GateRequest } from './gate-prompt'
import { GateSheet } from './gate-sheet'

/** One ask of the api client: `submit` checks a code with the server; `finish` answers the ask. */
export function CodeDialog({ request }: { request: GateRequest }) {
  const [kind, setKind] = useState<FactorKind>('totp')
  const [code, setCode] = useState('')
  const typed = () => {
    const refusal = checkFactorCode(kind, code)
    return refusal ? { refuse: refusal } : { send: factorCodeToSend(kind, code) ?? '' }
  }
  return (
    <GateSheet
      request={request}
      title={<Trans>Two-factor authentication</Trans>}
      text={kind === 'totp'
        ? <Trans>For your security, this needs the 6-digit code from your authenticator app.</Trans>
        : <Trans>Enter one of the recovery codes you kept when you turned on two-factor authentication. Each works once.</Trans>}
      typed={typed}
      clear={() => setCode('')}
      renderField={(error, clearError) => (
        <FactorCodeField kind={kind} value={code} error={error} autoFocus
          onValueChange={(value) => {
            setCode(value)
            clearError()
          }}
          onKindChange={(next) => {
            setKind(next)
            setCode('')
            clearError()
          }} />
      )}
    />
  )
}
