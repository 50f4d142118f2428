// State of the spot screens that outlives one component. What lives where, and why:
// - the spot account's balances, in memory per user (lib/account-state): the form's "Available"
//   and its 25–100 % read them, and placing, cancelling or a fill seen in the open orders reloads them;
// - a version that moves when the user's orders change (placed, cancelled), so the current
//   orders and the history reload at once instead of at the next tick.
// The pair's last tick, which the header, the book and the form read, is lib/pair-tick's.
import { createAccountState } from '../../lib/account-state'
import { atom } from '../../lib/store'
import { fetchSpotAccount } from './api'


export const spotAccount = createAccountState(fetchSpotAccount)
export const spotAccountAtom = spotAccount.accountAtom
/** (Re)loads the spot account; a failure stays in the state (and rejects for who awaits it). */
export const loadSpotAccountAtom = spotAccount.loadAccountAtom

const ordersVersionBaseAtom = atom(0)
export const ordersVersionAtom = atom((get) => get(ordersVersionBaseAtom))
export const ordersChangedAtom = atom(null, (_get, set) => set(ordersVersionBaseAtom, (version) => version + 1))
