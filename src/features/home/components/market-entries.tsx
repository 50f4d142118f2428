// Loaded with the home page itself, so it imports nothing of the market's data layer, and its texts
// are the shell's: the live pairs (features/market, leading-pairs.tsx) arrive in a chunk of their
// own with the market's catalog, and this file holds their placeholder.
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** Home's ways into the markets and trading (/action opens the Trade screen last used, spot at first). */
export function MarketEntries() {
  return (
    <div className="market-entries">
      <Link to="/market" className="button button--ghost"><Trans>Markets</Trans></Link>
      <Link to="/action" className="button button--primary"><Trans>Trade</Trans></Link>
    </div>
  )
}

/** Three empty cards of the leading pairs' size, shown while their chunk and first prices load. */
export function LeadingPairsPlaceholder() {
  return (
    <ul className="leading-pairs" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <li key={index} className="leading-pair leading-pair--loading">
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--value" />
        </li>
      ))}
    </ul>
  )
}
