// Pure rules of the sessions, sign-in and security history screens (contract/security.ts).
import type { SignInAttempt } from '../../contract/security.ts'

/** Any result but 'ok' is a failed attempt: marked on the list by a sign and its words, not by colour alone. */
export const isFailedSignIn = (attempt: Pick<SignInAttempt, 'result'>): boolean => attempt.result !== 'ok'

/** "iPhone · Chrome 142" from what the server read in the user agent; '' when it read nothing. */
export const deviceText = (entry: { device: string; browser: string }): string =>
  [entry.device.trim(), entry.browser.trim()].filter((part) => part !== '').join(' · ')

/** The sessions as shown: this device's first, then the most recently used. */
export function orderSessions<T extends { current: boolean; lastSeen: number }>(sessions: readonly T[]): T[] {
  return sessions.toSorted((a, b) => Number(b.current) - Number(a.current) || b.lastSeen - a.lastSeen)
}
