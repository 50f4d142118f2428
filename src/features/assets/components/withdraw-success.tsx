import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { AssetRecord } from '../../../contract/assets.ts'
import { formatCoin } from '../logic'

/** Where a deposit's or withdrawal's review can be followed. */
export function RecordsLink() {
  return <Link to="/assert/record" className="button button--ghost button--small"><Trans>View records</Trans></Link>
}

/** After a withdrawal is accepted: the money is frozen, not gone, until an operator reviews it. */
export function WithdrawSuccess({ record }: { record: AssetRecord }) {
  const amount = formatCoin(record.amount.replace(/^-/, ''))
  const currency = record.currency
  return (
    <div className="notice notice--success" role="status">
      <p><Trans>Withdrawal of {amount} {currency} submitted. The amount is frozen until the review; it leaves on approval and returns if rejected.</Trans></p>
      <RecordsLink />
    </div>
  )
}
