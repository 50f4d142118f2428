// Calls of account security (contract/security.ts) from the security pages (the sign-in's own are
// in features/auth/api.ts): two-factor codes, passkeys, sessions, the histories, the anti-phishing
// code and the withdrawal allow-list. Sensitive ones may meet code -3 or -4; lib/api-client.ts
// asks for the password or a code and sends them again, so callers here see only the payload or a
// refusal to show.
import type { WithdrawAddress } from '../../contract/assets.ts'
import type {
  AllowListState,
  PasskeyInfo,
  PasskeyOptions,
  RecoveryCodes,
  SecurityHistoryEntry,
  SecurityOverview,
  SessionInfo,
  SignInAttempt,
  TotpSetup,
} from '../../contract/security.ts'
import { SECURITY_PATHS } from '../../contract/security.ts'
import { postBb } from '../../lib/api-client'

const P = SECURITY_PATHS

export const fetchSecurityOverview = () => postBb<SecurityOverview>(P.overview)

// Two-factor codes.
export const startTotp = () => postBb<TotpSetup>(P.totpStart)
export const enableTotp = (code: string) => postBb<RecoveryCodes>(P.totpEnable, { code })
export const disableTotp = (code: string) => postBb<null>(P.totpDisable, { code })
export const confirmFactor = (code: string) => postBb<null>(P.confirmFactor, { code })

// Passkeys.
export const passkeyRegisterOptions = () => postBb<PasskeyOptions>(P.passkeyRegisterOptions)
export const registerPasskey = (challengeId: string, response: string, name: string) =>
  postBb<PasskeyInfo>(P.passkeyRegister, { challengeId, response, name })
export const fetchPasskeys = () => postBb<PasskeyInfo[]>(P.passkeyList)
export const removePasskey = (id: string) => postBb<null>(P.passkeyRemove, { id })

// Sessions and histories.
export const fetchSessions = () => postBb<SessionInfo[]>(P.sessions)
export const revokeSession = (id: string) => postBb<null>(P.revokeSession, { id })
export const revokeOtherSessions = () => postBb<{ revoked: number }>(P.revokeOtherSessions)
export const fetchSignIns = () => postBb<SignInAttempt[]>(P.signIns)
export const fetchSecurityHistory = () => postBb<SecurityHistoryEntry[]>(P.history)

// Anti-phishing code and the allow-list.
export const setAntiPhishing = (code: string) => postBb<null>(P.setAntiPhishing, { code })
export const setAllowList = (on: boolean) => postBb<AllowListState>(P.setAllowList, { on: on ? '1' : '0' })
export const confirmAddress = (id: string, code: string) => postBb<WithdrawAddress>(P.confirmAddress, { id, code })
export const resendAddressCode = (id: string) => postBb<null>(P.resendAddressCode, { id })
