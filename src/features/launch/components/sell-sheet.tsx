import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { TextField } from '../../../lib/ui/text-field'
import { validateFundPassword } from '../join-logic'
import { SaleSummary, type SaleRequest } from './sale-summary'

interface SellSheetProps {
  request: SaleRequest
  busy: boolean
  onConfirm: (request: SaleRequest) => void
  onCancel: () => void
}

/** The sale's figures and the fund password (the server asks for it), before anything is sent. */
export function SellSheet({ request, busy, onConfirm, onCancel }: SellSheetProps) {
  const [password, setPassword] = useState(request.tradePassword)
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const confirm = () => {
    const refused = validateFundPassword(password)
    setError(refused)
    if (!refused) onConfirm({ ...request, tradePassword: password })
  }
  return (
    <ConfirmSheet title={<Trans>Sell to the launchpad pool</Trans>} confirmLabel={<Trans context="sell launchpad coins back to the pool">Sell</Trans>} busy={busy} onConfirm={confirm} onCancel={onCancel}>
      <SaleSummary request={request} />
      <TextField label={<Trans>Fund password</Trans>} type="password" value={password} error={error} inputMode="numeric" autoComplete="off" maxLength={6}
        onValueChange={(next) => { setPassword(next); setError(null) }} />
    </ConfirmSheet>
  )
}
