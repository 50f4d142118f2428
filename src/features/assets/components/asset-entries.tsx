import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ACCOUNT_TYPES, type AccountTypeId } from '../../../contract/assets.ts'

interface Entry {
  key: string
  link: ReactNode
}

const ICONS: Record<string, string> = {
  recharge: 'M12 4v12m0 0l-5-5m5 5l5-5M5 20h14',
  withdraw: 'M12 20V8m0 0l-5 5m5-5l5 5M5 4h14',
  transfer: 'M7 4v16m0 0l-3-3m3 3l3-3M17 20V4m0 0l-3 3m3-3l3 3',
  exchange: 'M4 8h13l-4-4M20 16H7l4 4',
  records: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
}

function Icon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={ICONS[name]} />
    </svg>
  )
}

/**
 * What one does with an account (spec §2): the spot account takes deposits, withdrawals and
 * exchanges; both transfer to the other (type 1 from spot, 2 from contract) and list their records.
 */
export function AssetEntries({ type }: { type: AccountTypeId }) {
  const { t } = useLingui()
  const spot = type === ACCOUNT_TYPES.spot
  const entries: Entry[] = [
    ...(spot
      ? [
          { key: 'recharge', link: <Link to="/assert/recharge" className="asset-entry"><Icon name="recharge" /><Trans>Deposit</Trans></Link> },
          { key: 'withdraw', link: <Link to="/assert/withdrawel" className="asset-entry"><Icon name="withdraw" /><Trans>Withdraw</Trans></Link> },
        ]
      : []),
    {
      key: 'transfer',
      link: (
        <Link to="/assert/transfer/$type" params={{ type: spot ? '1' : '2' }} className="asset-entry">
          <Icon name="transfer" /><Trans>Transfer</Trans>
        </Link>
      ),
    },
    ...(spot ? [{ key: 'exchange', link: <Link to="/assert/exchange" className="asset-entry"><Icon name="exchange" /><Trans>Exchange</Trans></Link> }] : []),
    {
      key: 'records',
      link: <Link to="/assert/record" search={{ account: type }} className="asset-entry"><Icon name="records" /><Trans>Records</Trans></Link>,
    },
  ]
  return (
    <ul className="asset-entries" aria-label={t`Asset actions`}>
      {entries.map((entry) => <li key={entry.key}>{entry.link}</li>)}
    </ul>
  )
}
