import './trade-switch.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSetAtom } from '../lib/store'
import { lastTradeScreenAtom, type TradeScreenPath, type TradeSearch } from './last-trade-screen'

interface TradeSwitchProps {
  /** The Trade screen showing this switch. */
  current: TradeScreenPath
  /** Its search as shown: remembered, so the Trade tab reopens this screen on this pair. */
  search: TradeSearch
  /** The pair the other Trade screens open with (each keeps only a pair it can trade). */
  pair: { symbol: string; base: string; quote: string }
}

/**
 * Spot | Contract | Seconds at the top of every Trade screen (spec §2 /action/*). The screen that
 * shows it is recorded as the Trade tab's last screen; a hidden kept-alive screen runs no effect,
 * so only the visible one records itself.
 */
export function TradeSwitch({ current, search, pair }: TradeSwitchProps) {
  const { t } = useLingui()
  const remember = useSetAtom(lastTradeScreenAtom)
  const searchKey = JSON.stringify(search)
  useEffect(() => {
    remember({ to: current, search: JSON.parse(searchKey) as TradeSearch })
  }, [remember, current, searchKey])
  const carried = { symbol: pair.symbol, base: pair.base, quote: pair.quote }
  const page = (path: string) => (path === current ? 'page' : undefined)
  return (
    <nav className="trade-switch" aria-label={t`Trading type`}>
      <Link to="/action/trade" search={carried} className="trade-switch__item" aria-current={page('/action/trade')}>
        <Trans context="trading type">Spot</Trans>
      </Link>
      <Link to="/action/contract" search={carried} className="trade-switch__item" aria-current={page('/action/contract')}>
        <Trans context="trading type">Contract</Trans>
      </Link>
      <Link to="/action/secondContract" search={carried} className="trade-switch__item" aria-current={page('/action/secondContract')}>
        <Trans context="trading type">Seconds</Trans>
      </Link>
    </nav>
  )
}
