// Wire envelopes of the three backend groups (spec §7). Shared by the app, the service worker and
// the reference server, so that one definition says what "success" means for each group.

/**
 * `/bb/...` answers: success is `code: 1`; `code: -2` means the session is unknown or expired;
 * `code: -3` means the session is fine but the call needs the login password again (REAUTH_REQUIRED);
 * `code: -4` that it needs a two-factor code (SECOND_FACTOR_REQUIRED).
 */
export interface BbEnvelope<T> {
  code: number
  msg: string
  data: T | null
}

/** `/contract/app/contract/second/*` answers: success is `code: 200`, payload in `result`. */
export interface SecondEnvelope<T> {
  code: number
  msg: string
  result: T | null
}

/** `/contract/contract/*` answers: success is `code: 1`, payload in `data`. */
export type ContractEnvelope<T> = BbEnvelope<T>

/** Market calls (`/bb/huobi/*`) answer in Huobi's shape: `status: 'ok'` or `'error'`. */
export interface MarketEnvelope {
  status: 'ok' | 'error'
  'err-msg'?: string
}

export const BB_OK = 1
export const BB_FAIL = 0
export const SECOND_OK = 200
export const SESSION_EXPIRED = -2
/**
 * A call that moves money or changes security, made STEP_UP_SECONDS after the user last gave the
 * login password (server/auth/step-up.ts): HTTP 200 in the group's envelope, like -2, in every
 * group. Nothing was done; the app asks for the password (POST /bb/user/confirmPassword) and
 * sends the same request again.
 */
export const REAUTH_REQUIRED = -3
/**
 * A call that withdraws, adds a withdrawal address, changes a password or the account's security,
 * made by a user with two-factor codes on (server/security/second-factor.ts): HTTP 200 in the
 * group's envelope, like -3. Nothing was done; the app asks for a code (POST
 * /bb/security/confirmFactor, contract/security.ts), which lets exactly one such call through, and
 * sends the same request again.
 */
export const SECOND_FACTOR_REQUIRED = -4

/** Header names the client sends and the server reads. */
export const TOKEN_HEADER = 'access-token'
export const IDEMPOTENCY_HEADER = 'idempotency-key'
