// State of the spot screens that outlives one component. What lives where, and why:
// - the spot account's balances, in memory per user: the form's "Available" and its 25–100 %
//   read them, and placing, cancelling or a fill seen in the open orders reloads them;
// - a version that moves when the user's orders change (placed, cancelled), so the current
//   orders and the history reload at once instead of at the next tick;
// - the pair's last 24 h tick, per symbol, written by the shared 5 s poll's answers: the header,
//   the book's middle row and the form's price checks read one value.
import type { AssetRow } from '../../contract/assets.ts'
import type { Tick } from '../../contract/market.ts'
import { userIdAtom } from '../../lib/session'
import { atom, atomFamily } from '../../lib/store'
import { fetchSpotAccount } from './api'

export interface AccountState {
  rows: AssetRow[] | null
  /** The last load's failure; rows already loaded stay shown beside it. */
  error: unknown
  loading: boolean
}
const accountFamily = atomFamily((_userId: string) => atom<AccountState>({ rows: null, error: null, loading: false }))
// The newest load per user wins: an older answer arriving late must not put old balances back.
const loadRounds = new Map<string, number>()

export const spotAccountAtom = atom((get) => get(accountFamily(get(userIdAtom))))

/** (Re)loads the spot account; a failure stays in the state (and rejects for who awaits it). */
export const loadSpotAccountAtom = atom(null, async (get, set) => {
  const userId = get(userIdAtom)
  const target = accountFamily(userId)
  const round = (loadRounds.get(userId) ?? 0) + 1
  loadRounds.set(userId, round)
  set(target, (state) => ({ ...state, loading: true }))
  try {
    const rows = await fetchSpotAccount()
    if (loadRounds.get(userId) === round) set(target, { rows, error: null, loading: false })
  } catch (error) {
    if (loadRounds.get(userId) === round) set(target, (state) => ({ ...state, error, loading: false }))
    throw error
  }
})

const ordersVersionBaseAtom = atom(0)
export const ordersVersionAtom = atom((get) => get(ordersVersionBaseAtom))
export const ordersChangedAtom = atom(null, (_get, set) => set(ordersVersionBaseAtom, (version) => version + 1))

const tickFamily = atomFamily((_symbol: string) => atom<Tick | null>(null))
export const pairTickAtom = atomFamily((symbol: string) => atom((get) => get(tickFamily(symbol))))
/** A poll answer's tick; set only when the price or the open moved, so a still tick re-renders nothing. */
export const applyPairTickAtom = atom(null, (get, set, symbol: string, tick: Tick) => {
  const current = get(tickFamily(symbol))
  if (!current || current.close !== tick.close || current.open !== tick.open || current.high !== tick.high || current.low !== tick.low) {
    set(tickFamily(symbol), tick)
  }
})
