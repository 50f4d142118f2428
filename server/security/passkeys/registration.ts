// Adding a passkey to the signed-in user's account: the registration options (a discoverable
// credential, so that sign-in needs no email), then the verification of what the authenticator
// made, against the challenge, the origin and the RP id.
import { randomBytes } from 'node:crypto'
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server'
import type { FastifyRequest } from 'fastify'
import type { BbEnvelope } from '../../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../../src/contract/messages.ts'
import { MAX_PASSKEYS, PASSKEY_NAME_MAX, type PasskeyInfo, type PasskeyOptions } from '../../../src/contract/security.ts'
import { addressKey } from '../../auth/login-limit.ts'
import type { AppContext } from '../../context.ts'
import { fail, ok } from '../../http/envelope.ts'
import { findUserById } from '../../user/users.ts'
import { notifyOwner } from '../events.ts'
import { CHALLENGE_MS, storeChallenge, takeChallenge } from './challenges.ts'
import { relyingPartyOf } from './relying-party.ts'
import { parseRegistrationResponse } from './response-json.ts'
import { countPasskeys, credentialsOf, findPasskeyByCredential, insertPasskey, listPasskeys, userHandleOf } from './store.ts'

/** What the wallets and browsers show as the site the passkey is for. */
export const RP_NAME = 'NovaEx'
/**
 * EdDSA, ES256, RS256: what authenticators make. Fixed rather than the library's default, which
 * adds ML-DSA where the runtime has it, so that what one instance accepts every instance can verify.
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257]

const DEFAULT_NAME = 'Passkey'

/** The name as given (trimmed), '' when none; undefined when it is too long or not plain text. */
export function passkeyName(raw: string | undefined): string | undefined {
  const name = (raw ?? '').trim().normalize('NFC')
  // A name is one line of text: no control characters or line breaks.
  if ([...name].length > PASSKEY_NAME_MAX || /[\p{Cc}\p{Zl}\p{Zp}]/u.test(name)) return undefined
  return name
}

/** 'Passkey 1', 'Passkey 2', …: the first number no passkey of the user is named with. */
function defaultName(taken: readonly PasskeyInfo[]): string {
  const names = new Set(taken.map((passkey) => passkey.name))
  let number = 1
  while (names.has(`${DEFAULT_NAME} ${number}`)) number += 1
  return `${DEFAULT_NAME} ${number}`
}

export async function registrationOptions(ctx: AppContext, request: FastifyRequest, userId: number): Promise<BbEnvelope<PasskeyOptions | null>> {
  const user = await findUserById(ctx, userId)
  const rp = relyingPartyOf(ctx.config, request.headers)
  if (!user || !rp) return fail(SERVER_MESSAGES.passkeyFailed)
  if ((await countPasskeys(ctx.db, userId)) >= MAX_PASSKEYS) return fail(SERVER_MESSAGES.passkeyLimit)
  // One opaque random handle per account, kept by the authenticator and answered at sign-in: it
  // tells nothing about the user (the email is only the name the authenticator shows).
  const userHandle = (await userHandleOf(ctx.db, userId)) ?? randomBytes(32).toString('base64url')
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: user.email,
    userDisplayName: user.email,
    userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: await credentialsOf(ctx.db, userId),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  })
  const challengeId = await storeChallenge(ctx, 'register', options.challenge, addressKey(ctx.clientAddress(request)), { userId, userHandle })
  if (challengeId === undefined) return fail(SERVER_MESSAGES.tooManyAttempts)
  return ok({ challengeId, options: JSON.stringify(options) })
}

export interface RegisterFields {
  challengeId: string
  response: string
  name?: string
}

/** The second half; the caller has passed the security gate (requireSecurityProof) and checked the name. */
export async function registerPasskey(ctx: AppContext, request: FastifyRequest, userId: number, fields: RegisterFields, name: string): Promise<BbEnvelope<PasskeyInfo | null>> {
  // Taken first, whatever follows: a challenge is good for one try.
  const challenge = await takeChallenge(ctx, fields.challengeId, 'register', userId)
  if (!challenge?.owner) return fail(SERVER_MESSAGES.passkeyExpired)
  const response = parseRegistrationResponse(fields.response)
  const rp = relyingPartyOf(ctx.config, request.headers)
  if (!response || !rp || rp.origins.length === 0) return fail(SERVER_MESSAGES.passkeyFailed)
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      // 'preferred' in the options: an authenticator that cannot verify its user may still be
      // added by a user who has just passed the security gate. Signing in asks for it (sign-in.ts).
      requireUserVerification: false,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    })
  } catch (error) {
    ctx.log.info({ passkey: 'registration refused', userId, reason: error instanceof Error ? error.message : String(error) }, 'passkey registration refused')
    return fail(SERVER_MESSAGES.passkeyFailed)
  }
  // The credential is the one the authenticator data names, which the browser's id must be too.
  const credential = verified.verified ? verified.registrationInfo.credential : undefined
  if (!credential || credential.id !== response.id) return fail(SERVER_MESSAGES.passkeyFailed)
  const { userHandle } = challenge.owner
  const added = await ctx.db.transaction(
    async () => {
      const mine = await listPasskeys(ctx.db, userId)
      if (mine.length >= MAX_PASSKEYS) return SERVER_MESSAGES.passkeyLimit
      // Registered already (to this account or another): excludeCredentials should have stopped it.
      if (await findPasskeyByCredential(ctx.db, credential.id)) return SERVER_MESSAGES.passkeyFailed
      return await insertPasskey(ctx.db, {
        userId,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        userHandle,
        name: name || defaultName(mine),
        createdAt: ctx.now(),
      })
    },
    { lockKey: `passkeys ${userId}` },
  )
  if (typeof added === 'string') return fail(added)
  await notifyOwner(ctx, userId, 'passkey.added', { address: ctx.clientAddress(request), detail: added.name })
  return ok(added)
}
