import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { AccountTypeId, AssetRow } from '../../../contract/assets.ts'
import { formatBalance, formatValue, PLACEHOLDER } from '../../../lib/format'
import { useAtomValue } from '../../../lib/store'
import { CoinIcon } from '../../../lib/ui/coin-icon'
import { launchCoinsAtom } from '../atoms'
import { masked, rowValue } from '../logic'
import { FigureText } from './figure-text'

interface AssetRowItemProps {
  row: AssetRow
  account: AccountTypeId
  closes: Readonly<Record<string, string>>
  hidden: boolean
}

/** One currency of an account: available, frozen and its value in USDT; a tap opens its detail. */
export function AssetRowItem({ row, account, closes, hidden }: AssetRowItemProps) {
  const value = rowValue(row, closes)
  // A launched coin shows its project's logo; every other coin (and a launched one whose logo is
  // not loaded yet) its drawn mark, in the same hue.
  const logo = useAtomValue(launchCoinsAtom)[row.currencyName]?.logo
  return (
    <li className="asset-row">
      <Link to="/assert/detail/$id" params={{ id: row.currencyName }} search={{ account }} className="asset-row__link">
        {logo ? <img className="asset-row__logo" src={logo} alt="" width={20} height={20} loading="lazy" /> : <CoinIcon symbol={row.currencyName} />}
        {row.currencyName}
      </Link>
      <dl className="asset-row__figures">
        <div><dt><Trans>Available</Trans></dt><dd><FigureText text={masked(formatBalance(row.availableCurrency, row.currencyName), hidden)} unit={row.currencyName} /></dd></div>
        <div><dt><Trans>Frozen</Trans></dt><dd><FigureText text={masked(formatBalance(row.frozenCurrency, row.currencyName), hidden)} unit={row.currencyName} /></dd></div>
        <div>
          <dt><Trans>Value (USDT)</Trans></dt>
          <dd className="figure-text">{masked(value === null ? PLACEHOLDER : formatValue(value), hidden)}</dd>
        </div>
      </dl>
    </li>
  )
}
