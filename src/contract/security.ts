// Account security (beyond the spec; docs/product.md "Account security"): two-factor codes
// (TOTP, RFC 6238) with recovery codes, passkeys (WebAuthn), sessions and devices, the sign-in
// and security histories, the anti-phishing code and the withdrawal allow-list. Calls are
// `/bb/...` POSTs answered in BbEnvelope, form-encoded like the spec's; times are ms since epoch.
//
// Two gates guard the sensitive calls (server/security/second-factor.ts):
// - with two-factor codes on, a withdrawal, adding a withdrawal address, changing either password,
//   turning the allow-list off, and every change on this page answer `code: -4`
//   (SECOND_FACTOR_REQUIRED) until a code is given to `confirmFactor`, which lets exactly one such
//   call through within FACTOR_CONFIRMATION_SECONDS;
// - without them, a change on this page wants the login password given within
//   FRESH_PASSWORD_SECONDS, else it answers `code: -3` (REAUTH_REQUIRED) like a money call.
// The app answers both with a dialog and sends the same request again (lib/api-client.ts).

export const SECURITY_PATHS = {
  /** → SecurityOverview */
  overview: '/bb/security/overview',

  // Two-factor codes.
  /** → TotpSetup: a fresh key, not yet on; starting again replaces it. */
  totpStart: '/bb/security/totp/start',
  /** code (the first code of the new key) → RecoveryCodes, shown once. */
  totpEnable: '/bb/security/totp/enable',
  /** code (a current code or a recovery code) → null. */
  totpDisable: '/bb/security/totp/disable',
  /** code (a current code or a recovery code) → null: lets the next -4 call through. */
  confirmFactor: '/bb/security/confirmFactor',
  /** challenge, code (a current code or a recovery code) → LoginResult: sign-in's second step. */
  loginCode: '/bb/user/loginCode',

  // Passkeys.
  /** → PasskeyOptions (registration options for @simplewebauthn/browser's startRegistration). */
  passkeyRegisterOptions: '/bb/security/passkey/registerOptions',
  /** challengeId, response (JSON of startRegistration's result), name? → PasskeyInfo */
  passkeyRegister: '/bb/security/passkey/register',
  /** → PasskeyInfo[] */
  passkeyList: '/bb/security/passkey/list',
  /** id → null */
  passkeyRemove: '/bb/security/passkey/remove',
  /** No session. → PasskeyOptions (authentication options, no allowCredentials: discoverable). */
  passkeyLoginOptions: '/bb/user/passkeyLoginOptions',
  /** No session. challengeId, response (JSON of startAuthentication's result), device? → LoginResult */
  passkeyLogin: '/bb/user/passkeyLogin',

  // Sessions and histories.
  /** → SessionInfo[], the caller's own first. */
  sessions: '/bb/security/sessions',
  /** id → null. The caller's own session cannot be revoked here (that is logout). */
  revokeSession: '/bb/security/sessions/revoke',
  /** → { revoked: number }: every session but the caller's. */
  revokeOtherSessions: '/bb/security/sessions/revokeOthers',
  /** → SignInAttempt[], the last SIGN_IN_HISTORY_SIZE, newest first. */
  signIns: '/bb/security/signIns',
  /** → SecurityHistoryEntry[], the last SECURITY_HISTORY_SIZE, newest first. */
  history: '/bb/security/history',

  // Anti-phishing code.
  /** code ('' clears it) → null */
  setAntiPhishing: '/bb/security/antiPhishing',

  // Withdrawal allow-list.
  /** on ('1' | '0') → AllowListState. On: at once. Off: needs the second factor, takes effect after ALLOW_LIST_DELAY. */
  setAllowList: '/bb/security/allowList',
  /** id (an address book entry), code (mailed when the address was added) → WithdrawAddress (contract/assets.ts) */
  confirmAddress: '/bb/security/confirmAddress',
  /** id → null: mails a new confirmation code for an unconfirmed address. */
  resendAddressCode: '/bb/security/resendAddressCode',
} as const

/** The app's random device id (one per install, kept in local storage), sent at sign-in. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/
/** A code from an authenticator app. */
export const TOTP_CODE_PATTERN = /^\d{6}$/
/** A recovery code as shown: `xxxx-xxxx` of lower-case letters and digits; typed in any case, the dash optional. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/
export const RECOVERY_CODE_COUNT = 10
export const LOGIN_CHALLENGE_SECONDS = 300
export const FACTOR_CONFIRMATION_SECONDS = 300
export const FRESH_PASSWORD_SECONDS = 300
export const MAX_PASSKEYS = 10
export const PASSKEY_NAME_MAX = 32
export const SIGN_IN_HISTORY_SIZE = 50
export const SECURITY_HISTORY_SIZE = 100
/** Letters (any script) and digits, no spaces: what a user recognises at the top of a mail. */
export const ANTI_PHISHING_PATTERN = /^[\p{L}\p{N}]{4,20}$/u
/** The param (hours) an address waits after it was added, and the allow-list after it was turned off. */
export const ALLOW_LIST_DELAY_PARAM = 'allow_list_delay_hours'
export const ALLOW_LIST_DELAY_DEFAULT_HOURS = 24

export interface SecurityOverview {
  twoFactor: boolean
  /** Unused recovery codes; 0 when two-factor codes are off. */
  recoveryCodesLeft: number
  passkeys: number
  /** The anti-phishing code masked (its first two characters, then ****), '' when none. */
  antiPhishing: string
  allowList: AllowListState
}

export interface TotpSetup {
  /** The key in base32, to type into an app that cannot scan. */
  secret: string
  /** otpauth://totp/… for the QR code. */
  uri: string
}

export interface RecoveryCodes {
  codes: string[]
}

export interface PasskeyOptions {
  /** Identifies the stored challenge; sent back with the response. */
  challengeId: string
  /** JSON of the options for @simplewebauthn/browser (PublicKeyCredential*OptionsJSON). */
  options: string
}

export interface PasskeyInfo {
  id: string
  name: string
  createdAt: number
  lastUsedAt: number | null
}

export interface SessionInfo {
  /** A public id of the session (never its token or the token's hash). */
  id: string
  /** e.g. 'iPhone', 'Android', 'Windows', '' when unknown. */
  device: string
  /** e.g. 'Chrome 142', '' when unknown. */
  browser: string
  /** The client address at sign-in. */
  address: string
  createdAt: number
  lastSeen: number
  current: boolean
}

export const SIGN_IN_RESULTS = ['ok', 'wrongPassword', 'wrongCode', 'limited', 'challengeExpired', 'passkeyFailed'] as const
export type SignInResult = (typeof SIGN_IN_RESULTS)[number]
export const SIGN_IN_METHODS = ['password', 'code', 'recovery', 'passkey'] as const
export type SignInMethod = (typeof SIGN_IN_METHODS)[number]

export interface SignInAttempt {
  at: number
  result: SignInResult
  /** How the attempt tried to prove who it was: the password step, a code, a recovery code, a passkey. */
  method: SignInMethod
  address: string
  device: string
  browser: string
}

/** The events of the security history, each a change the owner is also mailed about. */
export const SECURITY_HISTORY_EVENTS = [
  'password.changed',
  'password.reset',
  'fundPassword.changed',
  'twoFactor.enabled',
  'twoFactor.disabled',
  'recoveryCode.used',
  'passkey.added',
  'passkey.removed',
  'session.revoked',
  'antiPhishing.changed',
  'allowList.on',
  'allowList.offRequested',
  'address.added',
  'address.confirmed',
  'address.changed',
  'address.removed',
  'withdrawal.requested',
  'login.newDevice',
] as const
export type SecurityHistoryEvent = (typeof SECURITY_HISTORY_EVENTS)[number]

export interface SecurityHistoryEntry {
  at: number
  event: SecurityHistoryEvent
  address: string
  device: string
  browser: string
  /** What it concerned, in plain words without secrets (an address, a passkey's name); may be ''. */
  detail: string
}

export interface AllowListState {
  on: boolean
  /** When a requested "off" takes effect; null when none is pending. */
  offAt: number | null
  /** How long a new address waits, and "off" takes, in hours (ALLOW_LIST_DELAY_PARAM). */
  delayHours: number
}
