// How strong a new login password is, and whether it is a common one, for the screens where one is
// chosen (register, reset, change). zxcvbn-ts and its dictionary are big, so they load on first use
// (lib/password-tools, a chunk of its own): a first visit never pays for them (architecture §8).
import type { MessageDescriptor } from '@lingui/core'
import { isCommonPassword, isLoginPasswordLength } from '../contract/rules.ts'
import type { PasswordTools } from './password-tools.ts'
import { validateNewLoginPassword } from './validate'

export type { PasswordTools }

/** The meter's four steps, weakest first. */
export const STRENGTH_LEVELS = ['weak', 'fair', 'good', 'strong'] as const
export type StrengthLevel = (typeof STRENGTH_LEVELS)[number]

let loading: Promise<PasswordTools> | undefined
let loaded: PasswordTools | undefined

/** Starts loading the tools (a field's focus may call it early); a failed load is tried again next time. */
export function loadPasswordTools(): Promise<PasswordTools> {
  loading ??= import('./password-tools.ts').then(
    ({ passwordTools }) => (loaded = passwordTools),
    (failure: unknown) => {
      loading = undefined
      throw failure
    },
  )
  return loading
}

/** For a field's focus: load ahead of the first character; a failure here is tried again then. */
export const preloadPasswordTools = (): void => void loadPasswordTools().catch(() => undefined)

/** The tools if they have loaded already, so a screen opened later draws its meter at once. */
export const loadedPasswordTools = (): PasswordTools | undefined => loaded

/**
 * zxcvbn's score (0–4) as the meter's step. A password the rule refuses (too short, too long, or a
 * common one) is weak whatever its score, so the meter never praises what the form will refuse.
 */
export function strengthLevel(tools: PasswordTools, password: string, hints: readonly string[] = []): StrengthLevel {
  if (!isLoginPasswordLength(password) || isCommonPassword(password, tools.common)) return 'weak'
  const score = tools.score(password, hints.filter(Boolean))
  return score >= 4 ? 'strong' : score === 3 ? 'good' : score === 2 ? 'fair' : 'weak'
}

/**
 * The full check of a new login password before it is sent: the rule and the common-password list.
 * If the list cannot load (offline: the worker does not precache it), the length rule alone decides
 * here and the server, which holds the same list, refuses a common password with the same message.
 */
export async function checkNewLoginPassword(password: string): Promise<MessageDescriptor | null> {
  const ruled = validateNewLoginPassword(password)
  if (ruled) return ruled
  const tools = await loadPasswordTools().catch(() => undefined)
  return validateNewLoginPassword(password, tools?.common)
}
