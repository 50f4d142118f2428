// Calls of the profile area (spec §7): user info, logout, passwords and the public config lookup.
import type { ParamValue, UserInfo } from '../../contract/user.ts'
import { PARAM_NAMES, USER_PATHS } from '../../contract/user.ts'
import { postBb } from '../../lib/api-client'

export const fetchUserInfo = (token: string, userId: string) => postBb<UserInfo>(USER_PATHS.info, { token, userId })

export const logout = () => postBb<unknown>(USER_PATHS.logout)

export const changeLoginPassword = (oldPassword: string, newPassword: string) =>
  postBb<unknown>(USER_PATHS.updatePwd, { oldPassword, newPassword })

export const setTradePassword = (loginPassword: string, tradePassword: string) =>
  postBb<unknown>(USER_PATHS.setTransactionPwd, { loginPassword, tradePassword })

export const fetchParam = (paramName: string) => postBb<ParamValue>(USER_PATHS.getParam, { paramName })

/** The customer-service email and chat link, looked up once at start (spec §7). */
export async function fetchCustomerService(): Promise<{ email: string; link: string }> {
  const [email, link] = await Promise.all([
    fetchParam(PARAM_NAMES.customerServiceEmail),
    fetchParam(PARAM_NAMES.customerServiceWs),
  ])
  return { email: email?.valueName ?? '', link: link?.valueName ?? '' }
}

/**
 * An explicit logout also forgets the user's queued transfers on this device (issue: private data
 * stays private). An expired session (-2) does not come through here, so its queue waits for the
 * next login. Loaded on demand: the outbox brings IndexedDB code the profile screen otherwise needs not.
 */
export async function forgetQueuedTransfers(userId: string): Promise<void> {
  const { clearOutbox } = await import('../../lib/outbox')
  await clearOutbox(userId)
}
