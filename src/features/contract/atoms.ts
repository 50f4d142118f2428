// State of the leveraged contract screens that outlives one component. What lives where, and why:
// - the contract account's balances, in memory per user (lib/account-state): the form's
//   "Available", its 25–100 % and the add-margin sheet read them; every change to a position
//   (opened, closed, cancelled, margin added, or one the pass closed) reloads them;
// - a version that moves when the user changes a position, so the open positions and the history
//   reload at once instead of at the next tick.
// The pair's last tick (the mark price of the header, the form and the live P/L) is lib/pair-tick's.
import { createAccountState } from '../../lib/account-state'
import { atom } from '../../lib/store'
import { fetchContractAccount } from './api'

export const contractAccount = createAccountState(fetchContractAccount)
export const contractAccountAtom = contractAccount.accountAtom
/** (Re)loads the contract account; a failure stays in the state (and rejects for who awaits it). */
export const loadContractAccountAtom = contractAccount.loadAccountAtom

const positionsVersionBaseAtom = atom(0)
export const positionsVersionAtom = atom((get) => get(positionsVersionBaseAtom))
export const positionsChangedAtom = atom(null, (_get, set) => set(positionsVersionBaseAtom, (version) => version + 1))
