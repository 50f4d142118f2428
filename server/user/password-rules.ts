// The rule for a new login password (register, change, reset): 8 to 128 characters of any kind
// (contract/rules.ts, the app's form applies the same) and not in the list of common and breached
// passwords that @zxcvbn-ts/language-common ships, the list the app checks before sending.
import { SERVER_MESSAGES, type ServerMessage } from '../../src/contract/messages.ts'
import { commonPasswordSet, isCommonPassword, isLoginPasswordLength, type CommonPasswords } from '../../src/contract/rules.ts'

let common: Promise<CommonPasswords> | undefined

// Imported at the first check rather than at start: the package unpacks its lists when loaded
// (a few hundred milliseconds), which a server start, or a server that never sets a password,
// need not wait for.
const loadCommon = (): Promise<CommonPasswords> =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => commonPasswordSet(dictionary['passwords-common']),
    (failure: unknown) => {
      // Tried again at the next check; this one fails (HTTP 500) rather than letting the password through.
      common = undefined
      throw failure
    },
  ))

/** Why a new login password is refused, or undefined when it may be set. */
export async function newLoginPasswordRefusal(password: string): Promise<ServerMessage | undefined> {
  if (!isLoginPasswordLength(password)) return SERVER_MESSAGES.loginPasswordRule
  return isCommonPassword(password, await loadCommon()) ? SERVER_MESSAGES.passwordTooCommon : undefined
}
