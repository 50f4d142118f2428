// State of the seconds screen that outlives one component. What lives where, and why:
// - the contract account's balances, in memory per user (lib/account-state): the order form's
//   "Available", the asset list and the transfer all read one list, and an order, a settlement or
//   a transfer refreshes it;
// - the server clock's offset, from the last order page: every countdown runs on it, not on the
//   phone's clock (a phone minutes off would otherwise show orders due that are not);
// - a version that moves when orders change (created, seen settled), so every order list reloads;
// - the settlements seen while watching, per user, until dismissed;
// - the hide-small-balances toggle in localStorage (Seconds-Hide-Small), like the asset screens'.
import type { SecondsOrder } from '../../contract/seconds.ts'
import { createAccountState } from '../../lib/account-state'
import { userIdAtom } from '../../lib/session'
import { atom, atomWithStorage } from '../../lib/store'
import { fetchAccount } from './api'
import { clockOffset } from './logic'

const contractAccount = createAccountState(fetchAccount)
export const contractAccountAtom = contractAccount.accountAtom
/** (Re)loads the contract account; a failure stays in the state (and rejects for who awaits it). */
export const loadContractAccountAtom = contractAccount.loadAccountAtom

const offsetBaseAtom = atom(0)
/** ms the server's clock is ahead of this device's (negative when behind). */
export const clockOffsetAtom = atom((get) => get(offsetBaseAtom))
export const syncClockAtom = atom(null, (get, set, serverTime: unknown, receivedAt: number) => {
  const offset = clockOffset(serverTime, receivedAt)
  // Latency makes each measure wobble by a few ms; only a real change re-renders the countdowns.
  if (Math.abs(offset - get(offsetBaseAtom)) > 250) set(offsetBaseAtom, offset)
})

const ordersVersionBaseAtom = atom(0)
export const ordersVersionAtom = atom((get) => get(ordersVersionBaseAtom))
export const ordersChangedAtom = atom(null, (_get, set) => set(ordersVersionBaseAtom, (version) => version + 1))

const settlementsBaseAtom = atom<{ userId: string; orders: SecondsOrder[] }>({ userId: '', orders: [] })
/** Orders seen settling on this screen, newest first (the last three). */
export const settlementsAtom = atom((get) => {
  const seen = get(settlementsBaseAtom)
  return seen.userId === get(userIdAtom) ? seen.orders : []
})
export const addSettlementAtom = atom(null, (get, set, order: SecondsOrder) => {
  const rest = get(settlementsAtom).filter((known) => known.id !== order.id)
  set(settlementsBaseAtom, { userId: get(userIdAtom), orders: [order, ...rest].slice(0, 3) })
})
export const dismissSettlementAtom = atom(null, (get, set, id: string) =>
  set(settlementsBaseAtom, { userId: get(userIdAtom), orders: get(settlementsAtom).filter((order) => order.id !== id) }))

export const hideSmallAtom = atomWithStorage('Seconds-Hide-Small', false, undefined, { getOnInit: true })
