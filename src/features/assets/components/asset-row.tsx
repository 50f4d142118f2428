import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { AccountTypeId, AssetRow } from '../../../contract/assets.ts'
import { formatAmount, PLACEHOLDER } from '../../../lib/format'
import { formatCoin, masked, rowValue } from '../logic'

interface AssetRowItemProps {
  row: AssetRow
  account: AccountTypeId
  closes: Readonly<Record<string, string>>
  hidden: boolean
}

/** One currency of an account: available, frozen and its value in USDT; a tap opens its detail. */
export function AssetRowItem({ row, account, closes, hidden }: AssetRowItemProps) {
  const value = rowValue(row, closes)
  return (
    <li className="asset-row">
      <Link to="/assert/detail/$id" params={{ id: row.currencyName }} search={{ account }} className="asset-row__link">
        {row.currencyName}
      </Link>
      <dl className="asset-row__figures">
        <div><dt><Trans>Available</Trans></dt><dd>{masked(formatCoin(row.availableCurrency), hidden)}</dd></div>
        <div><dt><Trans>Frozen</Trans></dt><dd>{masked(formatCoin(row.frozenCurrency), hidden)}</dd></div>
        <div>
          <dt><Trans>Value (USDT)</Trans></dt>
          <dd>{masked(value === null ? PLACEHOLDER : formatAmount(value, 2), hidden)}</dd>
        </div>
      </dl>
    </li>
  )
}
