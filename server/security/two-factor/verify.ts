// Checking a second factor: a current code of the user's authenticator app, or one of their
// recovery codes. Every check runs under the guessing limits (auth/login-limit.ts, secret
// `totp <user id>`), where only failures count: a wrong code, and a code already used (a replay is
// refused and counted, so replaying a seen code cannot reset the budget). A code that is not even
// shaped like one is refused without counting. Accepting a code takes its step (state.ts claimStep),
// accepting a recovery code uses it up, each in one UPDATE: of two requests with one code, one wins.
import type { FastifyRequest } from 'fastify'
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../../../src/contract/security.ts'
import { attemptSecret } from '../../auth/login-limit.ts'
import type { AppContext } from '../../context.ts'
import { notifyOwner } from '../events.ts'
import { useRecoveryCode } from './recovery-codes.ts'
import { claimStep, readTotpKey, recoveryCodesLeft, type TotpKey } from './state.ts'
import { matchingStep } from './totp.ts'

export type FactorKind = 'code' | 'recovery'
export type FactorRefusal = 'garbage' | 'wrong' | 'used' | 'limited' | 'off'
export type FactorOutcome = { ok: true; kind: FactorKind } | { ok: false; refusal: FactorRefusal; kind: FactorKind }

export interface FactorUser {
  id: number
  email: string
}

/** What the user typed, without the spaces apps show in the middle of a code ("123 456"). */
export const cleanCode = (code: string): string => code.replace(/\s+/g, '')

/** Which kind of code it is by its shape; undefined for anything else. */
export function kindOf(code: string): FactorKind | undefined {
  if (TOTP_CODE_PATTERN.test(code)) return 'code'
  if (RECOVERY_CODE_PATTERN.test(code)) return 'recovery'
  return undefined
}

/**
 * Checks a code against the user's key as it is on now; `recovery` false takes authenticator codes
 * only. `setup` checks the first code of a key being set up and turns it on with that step, in
 * one transaction with `whenOn` (the recovery codes are stored with it or not at all).
 */
export async function checkSecondFactor(
  ctx: AppContext,
  request: FastifyRequest,
  user: FactorUser,
  typed: string,
  options: { recovery: boolean; setup?: { key: TotpKey; whenOn: () => Promise<void> } },
): Promise<FactorOutcome> {
  const code = cleanCode(typed)
  const kind = kindOf(code)
  if (kind === undefined || (kind === 'recovery' && !options.recovery)) return { ok: false, refusal: 'garbage', kind: kind ?? 'code' }
  const setup = options.setup
  const key = setup?.key ?? (await readTotpKey(ctx, user.id))
  if (!key || (setup === undefined && key.enabledAt === null)) return { ok: false, refusal: 'off', kind }
  const address = ctx.clientAddress(request)
  let refusal: 'wrong' | 'used' = 'wrong'
  const outcome = await attemptSecret(ctx, { secret: `totp ${user.id}`, address, account: user.email, warn: user.email }, async () => {
    if (kind === 'recovery') return await useRecoveryCode(ctx, user.id, code)
    const step = matchingStep(key.key, code, ctx.now())
    if (step === null) return false
    refusal = 'used'
    if (step <= key.lastUsedStep) return false
    if (!setup) return await claimStep(ctx, user.id, step)
    return await ctx.db.transaction(async () => {
      if (!(await claimStep(ctx, user.id, step, { sealed: key.sealed }))) return false
      await setup.whenOn()
      return true
    })
  })
  if (outcome === 'limited') return { ok: false, refusal: 'limited', kind }
  if (outcome === 'wrong') return { ok: false, refusal, kind }
  if (kind === 'recovery') {
    const left = await recoveryCodesLeft(ctx.db, user.id)
    await notifyOwner(ctx, user.id, 'recoveryCode.used', { address, detail: `${left} left` })
  }
  return { ok: true, kind }
}
