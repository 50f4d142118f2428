// Signing in with a passkey, without typing the email: the options name no credential
// (discoverable), the authenticator answers with one of its credentials for this RP id and the
// account's user handle, and the server finds the credential by its id. A verified passkey signs
// in through finishSignIn like every way in, and satisfies the second factor: the authenticator
// verified its user (PIN, fingerprint, face) on a device the user holds, so no code is asked.
import { type AuthenticationResponseJSON, generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server'
import type { FastifyRequest } from 'fastify'
import type { BbEnvelope } from '../../../src/contract/envelopes.ts'
import { type ServerMessage, SERVER_MESSAGES } from '../../../src/contract/messages.ts'
import { DEVICE_ID_PATTERN, type PasskeyOptions, type SignInResult } from '../../../src/contract/security.ts'
import type { LoginResult } from '../../../src/contract/user.ts'
import { addressKey, attemptSecret } from '../../auth/login-limit.ts'
import { finishSignIn, recordFailedSignIn } from '../../auth/sign-in.ts'
import type { AppContext } from '../../context.ts'
import { fail, ok } from '../../http/envelope.ts'
import { findUserById, type User } from '../../user/users.ts'
import { CHALLENGE_MS, storeChallenge, takeChallenge } from './challenges.ts'
import { relyingPartyOf } from './relying-party.ts'
import { parseAuthenticationResponse } from './response-json.ts'
import { findPasskeyByCredential, recordPasskeyUse, type StoredPasskey } from './store.ts'

export async function signInOptions(ctx: AppContext, request: FastifyRequest): Promise<BbEnvelope<PasskeyOptions | null>> {
  const rp = relyingPartyOf(ctx.config, request.headers)
  if (!rp) return fail(SERVER_MESSAGES.passkeyFailed)
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: CHALLENGE_MS,
    // Standing in for the password and the second factor, the authenticator must verify its user.
    userVerification: 'required',
  })
  const challengeId = await storeChallenge(ctx, 'login', options.challenge, addressKey(ctx.clientAddress(request)))
  if (challengeId === undefined) return fail(SERVER_MESSAGES.tooManyAttempts)
  return ok({ challengeId, options: JSON.stringify(options) })
}

export interface PasskeySignInFields {
  challengeId: string
  response: string
  device?: string
}

interface Refusal {
  msg: ServerMessage
  result: Exclude<SignInResult, 'ok' | 'limited'>
}

const refused = (msg: ServerMessage, result: Refusal['result'] = 'passkeyFailed'): Refusal => ({ msg, result })

/**
 * Checks the assertion against the stored credential and, when it holds, stores the new sign
 * count; answers the refusal otherwise. Every refusal changes nothing but the challenge, used up.
 */
async function checkAssertion(ctx: AppContext, request: FastifyRequest, challengeId: string, response: AuthenticationResponseJSON | undefined, passkey: StoredPasskey | undefined, user: User | undefined): Promise<Refusal | undefined> {
  const challenge = await takeChallenge(ctx, challengeId, 'login')
  if (!challenge) return refused(SERVER_MESSAGES.passkeyExpired, 'challengeExpired')
  if (!response) return refused(SERVER_MESSAGES.passkeyFailed)
  if (!passkey || !user) return refused(SERVER_MESSAGES.passkeyUnknown)
  // The account the authenticator answers for must be the one the credential was registered to.
  if (response.response.userHandle !== passkey.userHandle) return refused(SERVER_MESSAGES.passkeyFailed)
  const rp = relyingPartyOf(ctx.config, request.headers)
  if (!rp || rp.origins.length === 0) return refused(SERVER_MESSAGES.passkeyFailed)
  let newCounter: number
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      // The library compares counts before it checks the signature; with 0 here it leaves that to
      // us, after the signature holds, so that a count that does not grow means a cloned key and
      // not just a forged answer.
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: 0, transports: passkey.transports },
      requireUserVerification: true,
    })
    if (!verified.verified) return refused(SERVER_MESSAGES.passkeyFailed)
    newCounter = verified.authenticationInfo.newCounter
  } catch (error) {
    ctx.log.info({ passkey: 'sign-in refused', userId: user.id, reason: error instanceof Error ? error.message : String(error) }, 'passkey sign-in refused')
    return refused(SERVER_MESSAGES.passkeyFailed)
  }
  // An authenticator that counts its signatures counts up at every one; a count that does not
  // grow comes from a copy of the key used elsewhere (WebAuthn §6.1.1). One that never counts
  // answers 0 each time.
  const counts = newCounter > 0 || passkey.counter > 0
  if ((counts && newCounter <= passkey.counter) || !(await recordPasskeyUse(ctx.db, passkey, newCounter, ctx.now()))) {
    ctx.log.warn({ passkey: 'counter did not grow', userId: user.id, passkeyId: passkey.id, stored: passkey.counter, answered: newCounter }, 'passkey sign-in refused: the sign count did not grow (cloned credential?)')
    return refused(SERVER_MESSAGES.passkeyFailed)
  }
  return undefined
}

export async function signInWithPasskey(ctx: AppContext, request: FastifyRequest, fields: PasskeySignInFields): Promise<BbEnvelope<LoginResult | null>> {
  const address = ctx.clientAddress(request)
  // The response names its credential (garbage names none), and the credential its account.
  const response = parseAuthenticationResponse(fields.response)
  const passkey = response && (await findPasskeyByCredential(ctx.db, response.id))
  const user = passkey && (await findUserById(ctx, passkey.userId))
  // Failures count on the guessing limits like wrong passwords: per address (shared with the
  // password sign-in), and on the account whose credential was named. A credential no account has
  // counts on an account key of the address instead, so naming unknown ones locks nobody out.
  let refusal: Refusal | undefined
  const outcome = await attemptSecret(ctx, { secret: 'passkey', address, account: user?.email ?? `passkey ${addressKey(address)}` }, async () => {
    refusal = await checkAssertion(ctx, request, fields.challengeId, response, passkey, user)
    return refusal === undefined
  })
  const account = user?.email ?? ''
  const signedIn = user && { id: user.id, email: user.email }
  if (outcome === 'limited') {
    await recordFailedSignIn(ctx, request, account, signedIn, 'passkey', 'limited')
    return fail(SERVER_MESSAGES.tooManyAttempts)
  }
  if (outcome === 'wrong' || !signedIn) {
    const { msg, result } = refusal ?? refused(SERVER_MESSAGES.passkeyFailed)
    await recordFailedSignIn(ctx, request, account, signedIn, 'passkey', result)
    return fail(msg)
  }
  // A malformed device id is ignored, as at the password sign-in.
  const device = fields.device !== undefined && DEVICE_ID_PATTERN.test(fields.device) ? fields.device : undefined
  return ok(await finishSignIn(ctx, request, signedIn, 'passkey', device), SERVER_MESSAGES.loginSuccess)
}
