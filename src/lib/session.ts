// The user session (spec §3, §4). What is stored where, and why:
// - localStorage User-Token, User-Id, User-Login ('1' when logged in) and User-Lang keep their
//   spec names and plain string values, so the session survives reloads and a new tab;
// - sessionStorage User-Info holds the last /user/info answer (spec §7: "saved to session storage"),
//   enough to paint the profile at once; it is refetched on every start.
// Logout clears all of them (spec §4), and the data the service worker stored for this user
// (lib/cache-session): the next user of the device never sees it, offline included.
import type { UserInfo } from '../contract/user.ts'
import { announceSession, forgetCachedUser } from './cache-session'
import { atom, atomWithStorage, store } from './store'

interface StringStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

// Plain strings rather than JSON, so the keys hold exactly what the spec names. Storage may be
// missing (private mode, tests): the session then lives in memory only.
function plainStorage(area: () => StringStore | undefined) {
  return {
    getItem: (key: string, initial: string) => area()?.getItem(key) ?? initial,
    setItem: (key: string, value: string) => (value ? area()?.setItem(key, value) : area()?.removeItem(key)),
    removeItem: (key: string) => area()?.removeItem(key),
  }
}
const local = plainStorage(() => globalThis.localStorage)
const onInit = { getOnInit: true }

export const tokenAtom = atomWithStorage('User-Token', '', local, onInit)
export const userIdAtom = atomWithStorage('User-Id', '', local, onInit)
const loginFlagAtom = atomWithStorage('User-Login', '', local, onInit)
export const localeStorageAtom = atomWithStorage('User-Lang', '', local, onInit)

const INFO_KEY = 'User-Info'
function readInfo(): UserInfo | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(INFO_KEY)
    return raw ? (JSON.parse(raw) as UserInfo) : null
  } catch {
    return null
  }
}
const userInfoBaseAtom = atom<UserInfo | null>(readInfo())
export const userInfoAtom = atom(
  (get) => get(userInfoBaseAtom),
  (_get, set, info: UserInfo | null) => {
    set(userInfoBaseAtom, info)
    if (info) globalThis.sessionStorage?.setItem(INFO_KEY, JSON.stringify(info))
    else globalThis.sessionStorage?.removeItem(INFO_KEY)
  },
)

/**
 * Spec §3 "account type": which account the trade screens work on, 1 spot or 2 contract. The left
 * drawer sets it (types 2 and 3) before opening /action/trade or /action/contract. It is not among
 * the spec's storage keys, so it lives in memory and starts at spot.
 */
export type AccountType = 1 | 2
export const accountTypeAtom = atom<AccountType>(1)

export const isLoggedInAtom = atom((get) => get(loginFlagAtom) === '1' && get(tokenAtom) !== '')

export const signInAtom = atom(null, (_get, set, session: { token: string; userId: string }) => {
  set(tokenAtom, session.token)
  set(userIdAtom, session.userId)
  set(loginFlagAtom, '1')
  announceSession(session.userId, session.token)
})

export const signOutAtom = atom(null, (get, set) => {
  void forgetCachedUser(get(userIdAtom))
  set(tokenAtom, '')
  set(userIdAtom, '')
  set(loginFlagAtom, '')
  set(userInfoAtom, null)
})

/** For code outside React (the api client's hooks). */
export const readToken = (): string | null => store.get(tokenAtom) || null
export const signOut = (): void => store.set(signOutAtom)
