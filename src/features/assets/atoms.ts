// State of the asset screens that outlives one screen.
import type { AccountTypeId, AssetRow, WithdrawAddress } from '../../contract/assets.ts'
import type { LaunchCoin } from '../../contract/launch.ts'
import type { PriceListAnswer } from '../../contract/market.ts'
import { userIdAtom } from '../../lib/session'
import { atom, atomFamily, atomWithStorage } from '../../lib/store'
import { fetchAccounts, fetchLaunchCoins } from './api'

// ── Withdrawal address picked in the address book (addresslist?select=1 → withdrawel) ─────────
// In memory only: a reload asks again rather than sending to an address remembered from long ago.
// It carries the user id so that another account on this device never sees it.
const pickedAddressBaseAtom = atom<{ userId: string; address: WithdrawAddress } | null>(null)

export const pickedAddressAtom = atom(
  (get) => {
    const picked = get(pickedAddressBaseAtom)
    return picked && picked.userId === get(userIdAtom) ? picked.address : null
  },
  (get, set, address: WithdrawAddress | null) =>
    set(pickedAddressBaseAtom, address ? { userId: get(userIdAtom), address } : null),
)

/** After an address is deleted or edited: drop or refresh the picked copy if it is that one. */
export const syncPickedAddressAtom = atom(null, (get, set, change: { id: string; address: WithdrawAddress | null }) => {
  if (get(pickedAddressAtom)?.id === change.id) set(pickedAddressAtom, change.address)
})

// ── Balances, prices and the list's display choices (account lists, detail, transfer, exchange) ──
// Balances live in memory, per user and account, and are fetched on every visit: the account
// screen, the detail and the transfer's "Max" read the same list, and a transfer refreshes it for
// all of them. The eye toggle and the hide-small toggle are remembered in localStorage
// (Assets-Masked, Assets-Hide-Small) so amounts hidden from onlookers stay hidden after a reload.
export interface AccountState {
  rows: AssetRow[] | null
  /** The last load's failure; rows already loaded stay shown beside it. */
  error: unknown
  loading: boolean
}
const accountFamily = atomFamily((_key: string) => atom<AccountState>({ rows: null, error: null, loading: false }))
const accountOf = (userId: string, type: AccountTypeId) => accountFamily(`${userId}:${type}`)
// The newest load per account wins: an older answer arriving late must not put old balances back.
const loadRounds = new Map<string, number>()

/** The asset list of one account of the logged-in user. */
export const accountAtom = atomFamily((type: AccountTypeId) => atom((get) => get(accountOf(get(userIdAtom), type))))

/** (Re)loads an account's list; rejects with the failure, which also stays in the state. */
export const loadAccountAtom = atom(null, async (get, set, type: AccountTypeId) => {
  const userId = get(userIdAtom)
  const target = accountOf(userId, type)
  const round = (loadRounds.get(`${userId}:${type}`) ?? 0) + 1
  loadRounds.set(`${userId}:${type}`, round)
  set(target, (state) => ({ ...state, loading: true }))
  try {
    const rows = await fetchAccounts(type)
    if (loadRounds.get(`${userId}:${type}`) === round) set(target, { rows, error: null, loading: false })
  } catch (error) {
    if (loadRounds.get(`${userId}:${type}`) === round) set(target, (state) => ({ ...state, error, loading: false }))
    throw error
  }
})

const closesBaseAtom = atom<Readonly<Record<string, string>>>({})

// ── Launched coins (src/contract/launch.ts): no market quotes them, so a holding is valued at its
// listing price, and its row shows its logo. Loaded when a screen that values balances mounts.
const launchCoinsBaseAtom = atom<Readonly<Record<string, LaunchCoin>>>({})
export const launchCoinsAtom = atom((get) => get(launchCoinsBaseAtom))
export const loadLaunchCoinsAtom = atom(null, async (_get, set) => {
  const coins = await fetchLaunchCoins()
  set(launchCoinsBaseAtom, Object.fromEntries(coins.map((coin) => [coin.symbol, coin])))
})

/** USDT closes by coin (BTC → '61234.56'), from the market's price list; a launched coin the market does not quote, at its listing price. */
export const usdtClosesAtom = atom((get) => {
  const closes = get(closesBaseAtom)
  const listed = Object.values(get(launchCoinsBaseAtom)).filter((coin) => closes[coin.symbol] === undefined)
  return listed.length === 0 ? closes : { ...Object.fromEntries(listed.map((coin) => [coin.symbol, coin.price])), ...closes }
})
/** Applies a price-list answer; set only when a close moved, so still ticks re-render nothing. */
export const applyPriceListAtom = atom(null, (get, set, answer: unknown) => {
  const items = (answer as Partial<PriceListAnswer> | null)?.data
  if (!Array.isArray(items)) return
  const next: Record<string, string> = {}
  for (const item of items) if (item.quoteCoin === 'USDT') next[item.baseCoin] = item.close
  const current = get(closesBaseAtom)
  const keys = Object.keys(next)
  if (keys.length !== Object.keys(current).length || keys.some((coin) => current[coin] !== next[coin])) set(closesBaseAtom, next)
})

export const amountsMaskedAtom = atomWithStorage('Assets-Masked', false, undefined, { getOnInit: true })
export const hideSmallAtom = atomWithStorage('Assets-Hide-Small', false, undefined, { getOnInit: true })
