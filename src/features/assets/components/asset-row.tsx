import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { AccountTypeId, AssetRow } from '../../../contract/assets.ts'
import { formatAmount, PLACEHOLDER } from '../../../lib/format'
import { useAtomValue } from '../../../lib/store'
import { launchCoinsAtom } from '../atoms'
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
  // A launched coin shows its logo (the other coins are known by their symbol alone).
  const logo = useAtomValue(launchCoinsAtom)[row.currencyName]?.logo
  return (
    <li className="asset-row">
      <Link to="/assert/detail/$id" params={{ id: row.currencyName }} search={{ account }} className="asset-row__link">
        {logo && <img className="asset-row__logo" src={logo} alt="" width={20} height={20} loading="lazy" />}
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
