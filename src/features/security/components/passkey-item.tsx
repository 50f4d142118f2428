import { Trans } from '@lingui/react/macro'
import type { PasskeyInfo } from '../../../contract/security.ts'
import { formatDate } from '../../../lib/format'

/** One passkey: its name, when it was added and last used, and Remove. */
export function PasskeyItem({ passkey, onRemove }: { passkey: PasskeyInfo; onRemove: () => void }) {
  const added = formatDate(passkey.createdAt)
  const used = passkey.lastUsedAt === null ? null : formatDate(passkey.lastUsedAt)
  return (
    <li className="passkey-item">
      <div className="passkey-item__text">
        <span className="passkey-item__name">{passkey.name}</span>
        <span className="passkey-item__dates"><Trans>Added {added}</Trans></span>
        <span className="passkey-item__dates">{used === null ? <Trans>Never used</Trans> : <Trans>Last used {used}</Trans>}</span>
      </div>
      <button type="button" className="button button--ghost button--small" onClick={onRemove}>
        <Trans context="passkey">Remove</Trans>
      </button>
    </li>
  )
}
