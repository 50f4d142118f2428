import '../assets.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ACCOUNT_TYPES, type AccountTypeId } from '../../../contract/assets.ts'

/** Spot / Contract (spec §2: /account/assert/1 and /2); switching replaces, it is no new page for Back. */
export function AccountTabs({ value }: { value: AccountTypeId }) {
  const { t } = useLingui()
  const tabs = [
    { id: ACCOUNT_TYPES.spot, label: <Trans>Spot</Trans> },
    { id: ACCOUNT_TYPES.contract, label: <Trans>Contract</Trans> },
  ]
  return (
    <nav className="quote-tabs" aria-label={t`Accounts`}>
      {tabs.map((tab) => (
        <Link key={tab.id} to="/account/assert/$id" params={{ id: String(tab.id) }} replace className="quote-tabs__tab account-tab"
          aria-current={tab.id === value ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}
