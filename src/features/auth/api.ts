// Calls of the sign-in, sign-up and password-reset screens (spec §7, /bb/user/*).
import { SECURITY_PATHS, type PasskeyOptions } from '../../contract/security.ts'
import type { LoginResult } from '../../contract/user.ts'
import { USER_PATHS } from '../../contract/user.ts'
import { postBb } from '../../lib/api-client'

export const sendRegisterCode = (email: string) => postBb<unknown>(USER_PATHS.sendEmailCode, { email })

export const verifyRegisterCode = (email: string, code: string) =>
  postBb<unknown>(USER_PATHS.emailVerification, { email, code })

export const register = (input: { email: string; code: string; password: string; inviteCode: string }) =>
  postBb<unknown>(USER_PATHS.register, input)

/**
 * With two-factor codes on, the answer has a `challenge` and no session: the code step follows.
 * `device` is lib/device-id's (the screen sends it; a test that signs in through here may not).
 */
export const login = (account: string, password: string, device?: string) =>
  postBb<LoginResult>(USER_PATHS.login, { account, password, device })

/** Sign-in's second step: the challenge of the password step and a code (or a recovery code). */
export const loginWithCode = (challenge: string, code: string) => postBb<LoginResult>(SECURITY_PATHS.loginCode, { challenge, code })

export const passkeyLoginOptions = () => postBb<PasskeyOptions>(SECURITY_PATHS.passkeyLoginOptions)
export const loginWithPasskey = (challengeId: string, response: string, device: string) =>
  postBb<LoginResult>(SECURITY_PATHS.passkeyLogin, { challengeId, response, device })

export const sendResetCode = (email: string) => postBb<unknown>(USER_PATHS.sendEmailCodeForget, { email })

export const resetPassword = (input: { email: string; code: string; password: string }) =>
  postBb<unknown>(USER_PATHS.forgetPwd, input)
