import '../assets.css'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CURRENCIES } from '../../../contract/assets.ts'
import { CoinIcon } from '../../../lib/ui/coin-icon'

/** The address books, one per currency (spec §2 /assert/addresscurrencylist). */
export function AddressCurrencyList() {
  const { t } = useLingui()
  return (
    <ul className="menu" aria-label={t`Currencies`}>
      {CURRENCIES.map((currency) => (
        <li key={currency}>
          <Link to="/assert/addresslist" search={{ currency }} className="menu__item"><span><CoinIcon symbol={currency} />{currency}</span></Link>
        </li>
      ))}
    </ul>
  )
}
