// Spec §2: the Trade tab (/action) opens the Trade screen last shown — spot, contract or seconds —
// with the pair it showed. Each Trade screen records itself when it shows (app/trade-switch), so
// only a screen that exists is ever remembered. Kept in localStorage (Trade-Screen) so the tab
// still opens there after a reload; it holds a path and a pair, nothing private. The stored text
// is untrusted (another version of the app, a hand edit): anything unexpected reads as spot.
import { atom, atomWithStorage } from '../lib/store'

export const TRADE_SCREENS = ['/action/trade', '/action/contract', '/action/secondContract'] as const
export type TradeScreenPath = (typeof TRADE_SCREENS)[number]

/** The search a Trade screen was shown with: the pair (symbol, base, quote) and, on spot, the side. */
export type TradeSearch = Partial<Record<'symbol' | 'base' | 'quote' | 'side', string>>

export interface TradeScreenVisit {
  to: TradeScreenPath
  search: TradeSearch
}

const SPOT: TradeScreenVisit = { to: '/action/trade', search: {} }
const SEARCH_KEYS = ['symbol', 'base', 'quote', 'side'] as const

function readVisit(stored: unknown): TradeScreenVisit {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>
  const to = TRADE_SCREENS.find((path) => path === value.to)
  if (!to) return SPOT
  const raw = (typeof value.search === 'object' && value.search !== null ? value.search : {}) as Record<string, unknown>
  const search: TradeSearch = {}
  for (const key of SEARCH_KEYS) {
    const text = raw[key]
    if (typeof text === 'string' && text.length <= 16) search[key] = text
  }
  return { to, search }
}

const storedVisitAtom = atomWithStorage<unknown>('Trade-Screen', SPOT, undefined, { getOnInit: true })

export const lastTradeScreenAtom = atom(
  (get) => readVisit(get(storedVisitAtom)),
  (_get, set, visit: TradeScreenVisit) => set(storedVisitAtom, readVisit(visit)),
)

/**
 * Where the Trade tab opens: the last Trade screen. Spot and contracts show visitors the market
 * (opening asks them to log in); seconds needs a session, so a visitor gets spot on its pair.
 */
export const tradeTabTarget = (visit: TradeScreenVisit, loggedIn: boolean): TradeScreenVisit =>
  loggedIn || visit.to !== '/action/secondContract' ? visit : { to: '/action/trade', search: visit.search }
