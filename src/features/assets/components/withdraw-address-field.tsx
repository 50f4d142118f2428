import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Currency, WithdrawAddress } from '../../../contract/assets.ts'
import { extraRemark, shortenAddress } from '../logic'

interface WithdrawAddressFieldProps {
  currency: Currency
  address: WithdrawAddress | null
  error?: MessageDescriptor | null
}

/** The destination comes from the address book only: nobody types (or pastes a wrong) address under time pressure. */
export function WithdrawAddressField({ currency, address, error }: WithdrawAddressFieldProps) {
  const { t, i18n } = useLingui()
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
      {error && <p id="withdraw-address-error" className="field__error">{i18n._(error)}</p>}
    </div>
  )
}
