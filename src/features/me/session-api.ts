// The profile calls the shell makes on every start (components/session-sync): the user info and the
// customer-service config. A module apart from api.ts, so the entry that holds the sync does not carry
// the whole profile area's calls and paths (architecture §8: the first visit's budget). api.ts
// re-exports these for the profile screens.
import type { ParamValue, UserInfo } from '../../contract/user.ts'
import { PARAM_NAMES, USER_PATHS } from '../../contract/user.ts'
import { postBb } from '../../lib/api-client'

export const fetchUserInfo = (token: string, userId: string) => postBb<UserInfo>(USER_PATHS.info, { token, userId })

export const fetchParam = (paramName: string) => postBb<ParamValue>(USER_PATHS.getParam, { paramName })

/** The customer-service email and chat link, looked up once at start (spec §7). */
export async function fetchCustomerService(): Promise<{ email: string; link: string }> {
  const [email, link] = await Promise.all([
    fetchParam(PARAM_NAMES.customerServiceEmail),
    fetchParam(PARAM_NAMES.customerServiceWs),
  ])
  return { email: email?.valueName ?? '', link: link?.valueName ?? '' }
}
