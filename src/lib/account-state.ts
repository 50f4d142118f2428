// One account's balances (spot or contract) as the trade screens keep them: in memory, per user,
// so that another account logging in on this device never sees the last one's figures. The forms'
// "Available" and their 25–100 % read them; an order, a settlement or a transfer reloads them.
// Each feature makes its own with its api.ts's fetch, so its data access stays in api.ts.
import type { AssetRow } from '../contract/assets.ts'
import { userIdAtom } from './session'
import { atom, atomFamily } from './store'

export interface AccountState {
  rows: AssetRow[] | null
  /** The last load's failure; rows already loaded stay shown beside it. */
  error: unknown
  loading: boolean
}

/** The balances of one account for the signed-in user, and the write atom that (re)loads them. */
export function createAccountState(fetchRows: () => Promise<AssetRow[]>) {
  const accountFamily = atomFamily((_userId: string) => atom<AccountState>({ rows: null, error: null, loading: false }))
  // The newest load per user wins: an older answer arriving late must not put old balances back.
  const loadRounds = new Map<string, number>()

  const accountAtom = atom((get) => get(accountFamily(get(userIdAtom))))

  /** (Re)loads the account; a failure stays in the state (and rejects for who awaits it). */
  const loadAccountAtom = atom(null, async (get, set) => {
    const userId = get(userIdAtom)
    const target = accountFamily(userId)
    const round = (loadRounds.get(userId) ?? 0) + 1
    loadRounds.set(userId, round)
    set(target, (state) => ({ ...state, loading: true }))
    try {
      const rows = await fetchRows()
      if (loadRounds.get(userId) === round) set(target, { rows, error: null, loading: false })
    } catch (error) {
      if (loadRounds.get(userId) === round) set(target, (state) => ({ ...state, error, loading: false }))
      throw error
    }
  })
  return { accountAtom, loadAccountAtom }
}

/** The available balance of `currency` in a loaded account: '0' when never held, null while not loaded. */
export const availableOf = (rows: readonly { currencyName: string; availableCurrency: string }[] | null, currency: string): string | null =>
  rows === null ? null : (rows.find((row) => row.currencyName === currency)?.availableCurrency ?? '0')
