import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { WithdrawAddress } from '../../../contract/assets.ts'
import { extraRemark, parseCurrency, shortenAddress } from '../logic'

interface AddressRowProps {
  entry: WithdrawAddress
  /** Set when the list was opened to pick a withdrawal's destination (select=1). */
  onPick?: (entry: WithdrawAddress) => void
  onDelete: (entry: WithdrawAddress) => void
}

/** One saved address: its chain, both ends of it (the middle is what nobody compares), the remark. */
export function AddressRow({ entry, onPick, onDelete }: AddressRowProps) {
  const { t } = useLingui()
  const short = shortenAddress(entry.address)
  const body = (
    <>
      <span className="address-row__head">
        <span className="badge">{entry.chain}</span>
        <span className="address-row__address" title={entry.address}>{short}</span>
      </span>
      {extraRemark(entry) && <span className="address-row__remark muted">{entry.remark}</span>}
    </>
  )
  return (
    <li className="address-row">
      {onPick ? (
        // Named by what it shows, then what a tap does (WCAG 2.5.3: the words seen start the name).
        <button type="button" className="address-row__main" onClick={() => onPick(entry)}>
          {body}<span className="sr-only">, {t`withdraw to this address`}</span>
        </button>
      ) : (
        <div className="address-row__main">{body}</div>
      )}
      <div className="address-row__actions">
        <Link to="/assert/addaddress" search={{ currency: parseCurrency(entry.currency), id: entry.id }} className="chip"
          aria-label={t`Edit address ${short}`}><Trans>Edit</Trans></Link>
        <button type="button" className="chip chip--danger" onClick={() => onDelete(entry)}
          aria-label={t`Delete address ${short}`}><Trans>Delete</Trans></button>
      </div>
    </li>
  )
}
