import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Currency, WithdrawAddress } from '../../../contract/assets.ts'
import { formatDate } from '../../../lib/format'
import { addressHold, extraRemark, isAllowListOn, shortenAddress } from '../logic'
import { useAllowList } from './address-use-allow-list'

interface WithdrawAddressFieldProps {
  currency: Currency
  address: WithdrawAddress | null
  error?: MessageDescriptor | null
}

/** The destination comes from the address book only: nobody types (or pastes a wrong) address under time pressure. */
export function WithdrawAddressField({ currency, address, error }: WithdrawAddressFieldProps) {
  const { t, i18n } = useLingui()
  const { state: allowList, now } = useAllowList()
  // With the allow-list on, the chosen address may not take a withdrawal yet: said here, before the
  // fund password is typed; the server's refusal stays the word that counts.
  const listOn = isAllowListOn(allowList, now)
  const hold = address && listOn ? addressHold(address, listOn, now) : null
  const usableFrom = formatDate(address?.usableAt)
  return (
    <div className="field">
      <span className="field__label" id="withdraw-address-label"><Trans>Withdrawal address</Trans></span>
      {/* Named by what it shows (WCAG 2.5.3: a voice-control user says the words seen), the field's
          label and the error as its description. */}
      <Link to="/assert/addresslist" search={{ currency, select: 1 }}
        className={error ? 'address-pick address-pick--invalid' : 'address-pick'}
        aria-describedby={error ? 'withdraw-address-label withdraw-address-error' : 'withdraw-address-label'}>
        {address ? (
          <span className="address-pick__chosen">
            <span className="address-pick__address">{shortenAddress(address.address, 10)}</span>
            <span className="muted">{address.chain}{extraRemark(address) ? ` · ${address.remark}` : ''}</span>
            <span className="sr-only">, {t({ message: 'change', context: 'withdrawal address picker: pick another address' })}</span>
          </span>
        ) : (
          <span className="muted"><Trans>Choose from the address book</Trans></span>
        )}
      </Link>
      {address && hold && (
        <p className="address-row__hold" role="note">
          <span aria-hidden="true">◷ </span>
          {hold === 'unconfirmed'
            ? <Trans>Not confirmed: with the allow-list on, withdrawals to this address are refused until you confirm it in the address book.</Trans>
            : <Trans>With the allow-list on, this address can be used from {usableFrom}.</Trans>}
        </p>
      )}
      {error && <p id="withdraw-address-error" className="field__error">{i18n._(error)}</p>}
    </div>
  )
}
