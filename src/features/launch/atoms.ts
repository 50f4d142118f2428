// State of the launchpad screens that outlives one component:
// - how far the server's clock is ahead of the device's, from the last live answer (countdowns
//   and phases follow the server's clock, spec §4), in memory only;
// - a version that moves when the user's subscriptions change (joined, sold), so the record and
//   the detail reload at once.
import { createAccountState } from '../../lib/account-state'
import { atom } from '../../lib/store'
import { fetchSpotAccount } from './api'

export const clockOffsetAtom = atom(0)

const subscriptionsVersionBaseAtom = atom(0)
export const subscriptionsVersionAtom = atom((get) => get(subscriptionsVersionBaseAtom))
export const subscriptionsChangedAtom = atom(null, (_get, set) => set(subscriptionsVersionBaseAtom, (version) => version + 1))

/** Keeps the offset of a live answer; one from storage says nothing about the clock now. */
export const noteClockAtom = atom(null, (_get, set, offset: number | null) => {
  if (offset !== null) set(clockOffsetAtom, offset)
})

/** The spot account (USDT pays for subscriptions, spec §5); in memory per user (lib/account-state). */
export const launchSpotAccount = createAccountState(fetchSpotAccount)
