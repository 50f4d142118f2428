import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { WithdrawAddress } from '../../../contract/assets.ts'
import { formatDate } from '../../../lib/format'
import { extraRemark, parseCurrency, shortenAddress, type AddressHold } from '../logic'

interface AddressRowProps {
  entry: WithdrawAddress
  /** Why a withdrawal cannot go to it now (contract/security.ts allow-list), or null. */
  hold: AddressHold | null
  /** Set when the list was opened to pick a withdrawal's destination (select=1). */
  onPick?: (entry: WithdrawAddress) => void
  onDelete: (entry: WithdrawAddress) => void
  onEnterCode: (entry: WithdrawAddress) => void
  onResend: (entry: WithdrawAddress) => void
  /** A new code for this address is being asked for. */
  resending: boolean
}

/** One saved address: its chain, both ends of it (the middle is what nobody compares), the remark, and what still holds it back. */
export function AddressRow({ entry, hold, onPick, onDelete, onEnterCode, onResend, resending }: AddressRowProps) {
  const { t } = useLingui()
  const short = shortenAddress(entry.address)
  const usableFrom = formatDate(entry.usableAt)
  const holdText = hold === 'unconfirmed' ? t`Not confirmed` : hold === 'waiting' ? t`Usable from ${usableFrom}` : ''
  const body = (
    <>
      <span className="address-row__head">
        <span className="badge">{entry.chain}</span>
        <span className="address-row__address" title={entry.address}>{short}</span>
      </span>
      {extraRemark(entry) && <span className="address-row__remark muted">{entry.remark}</span>}
      {/* In words, with a sign, so it does not rest on colour (WCAG 1.4.1). */}
      {hold && <span className="address-row__hold"><span aria-hidden="true">◷ </span>{holdText}</span>}
    </>
  )
  return (
    <li className={hold ? 'address-row address-row--held' : 'address-row'}>
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
      {!entry.confirmed && (
        <div className="address-row__confirm">
          <button type="button" className="chip chip--accent" onClick={() => onEnterCode(entry)}
            aria-label={t`Enter code for address ${short}`}><Trans>Enter code</Trans></button>
          <button type="button" className="chip" onClick={() => onResend(entry)} disabled={resending} aria-busy={resending}
            aria-label={t`Send the code again for address ${short}`}><Trans>Send the code again</Trans></button>
        </div>
      )}
    </li>
  )
}
