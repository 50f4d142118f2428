// Two-factor codes (RFC 6238) through the `otpauth` library: no HMAC of our own. The settings are
// the ones every authenticator app scans without asking: SHA1, 6 digits, a 30-second period.
// A code is checked against the current step and its two neighbours (a phone's clock a little off,
// a code typed as it changed); the caller answers which step matched, so that each code — each
// step — is accepted once per user (state.ts).
import { Secret, TOTP } from 'otpauth'

export const TOTP_ALGORITHM = 'SHA1'
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
/** Steps either side of the current one that are accepted. */
export const TOTP_WINDOW = 1
/** RFC 4226 recommends 160 bits, the size of a SHA1 key. */
const KEY_BYTES = 20

/** A new random key, in base32 (what the user types into an app that cannot scan). */
export const newTotpKey = (): string => new Secret({ size: KEY_BYTES }).base32

const keyOf = (key: string | Secret): Secret => (typeof key === 'string' ? Secret.fromBase32(key) : key)

/** The `otpauth://totp/…` URI of the QR code: issuer and account name the entry in the app. */
export function totpUri(key: string, issuer: string, account: string): string {
  return new TOTP({ issuer, label: account, secret: keyOf(key), algorithm: TOTP_ALGORITHM, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).toString()
}

/** The step (counter) of an instant: whole periods since the epoch. */
export const totpStep = (timestampMs: number): number => TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: timestampMs })

/** The code of a key at an instant (the RFC's vectors use 8 digits; the app's codes have 6). */
export function totpCode(key: string | Secret, timestampMs: number, digits: number = TOTP_DIGITS): string {
  return TOTP.generate({ secret: keyOf(key), algorithm: TOTP_ALGORITHM, digits, period: TOTP_PERIOD_SECONDS, timestamp: timestampMs })
}

/** The step whose code `code` is, among the current one and its neighbours; null when none. */
export function matchingStep(key: string | Secret, code: string, timestampMs: number, digits: number = TOTP_DIGITS): number | null {
  const delta = TOTP.validate({ token: code, secret: keyOf(key), algorithm: TOTP_ALGORITHM, digits, period: TOTP_PERIOD_SECONDS, timestamp: timestampMs, window: TOTP_WINDOW })
  return delta === null ? null : totpStep(timestampMs) + delta
}

/** The issuer shown in the authenticator app: the display name of MAIL_FROM ("Exchange <…>"). */
export function issuerOf(mailFrom: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(mailFrom)?.[1]?.trim()
  return name || 'Exchange'
}
