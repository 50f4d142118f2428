// Pure rules of the withdrawal allow-list and anti-phishing screens (contract/security.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ANTI_PHISHING_PATTERN, type AllowListState } from '../../contract/security.ts'
import { collectErrors } from '../../lib/form-errors'

/** What the allow-list screen shows: off, on, or on until `offAt` (an "off" asked for, still waiting). */
export type AllowListPhase = 'off' | 'on' | 'turningOff'

/** An "off" whose time has come is off, even before the state is loaded again. */
export function allowListPhase(state: AllowListState, now: number): AllowListPhase {
  if (!state.on) return 'off'
  if (state.offAt === null) return 'on'
  return state.offAt <= now ? 'off' : 'turningOff'
}

// The id is the server's own text (SERVER_MESSAGES.antiPhishingRule), so one catalog entry serves both.
const RULE: MessageDescriptor = msg({
  id: 'The anti-phishing code must be 4 to 20 letters or digits',
  message: 'The anti-phishing code must be 4 to 20 letters or digits',
})

/** The code as it is sent: spaces around it are a slip of the keyboard, not part of it. */
export const normaliseAntiPhishing = (code: string): string => code.trim()

export const checkAntiPhishing = (form: { code: string }) =>
  collectErrors({ code: ANTI_PHISHING_PATTERN.test(normaliseAntiPhishing(form.code)) ? null : RULE })
