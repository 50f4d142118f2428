import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import { formatPrice } from '../../../lib/format'
import { accountTypeAtom } from '../../../lib/session'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { pairFamily } from '../atoms'
import { DRAWER_TARGETS, pairSearch, trendOf, type DrawerType } from '../logic'

interface DrawerPairRowProps {
  symbol: string
  type: DrawerType
  onChosen: () => void
}

/** A pair of the left drawer: its name and latest price, coloured by close − open (spec §2). */
export const DrawerPairRow = memo(function DrawerPairRow({ symbol, type, onChosen }: DrawerPairRowProps) {
  const pair = useAtomValue(pairFamily(symbol))
  const setAccountType = useSetAtom(accountTypeAtom)
  if (!pair) return null
  const target = DRAWER_TARGETS[type]
  const choose = () => {
    if (target.accountType) setAccountType(target.accountType)
    onChosen()
  }
  return (
    <li>
      <Link to={target.to} search={pairSearch(pair)} className="drawer-pair" onClick={choose}>
        <span>
          <strong>{pair.baseCoin}</strong>
          <span className="muted">/{pair.quoteCoin}</span>
        </span>
        <span className={`drawer-pair__price trend trend--${trendOf(pair.tick.open, pair.tick.close)}`}>
          {formatPrice(pair.tick.close, pair.precision)}<span className="sr-only"> {pair.quoteCoin}</span>
        </span>
      </Link>
    </li>
  )
})
