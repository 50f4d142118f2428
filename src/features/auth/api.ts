// Calls of the sign-in, sign-up and password-reset screens (spec §7, /bb/user/*).
import type { LoginResult } from '../../contract/user.ts'
import { USER_PATHS } from '../../contract/user.ts'
import { postBb } from '../../lib/api-client'

export const sendRegisterCode = (email: string) => postBb<unknown>(USER_PATHS.sendEmailCode, { email })

export const verifyRegisterCode = (email: string, code: string) =>
  postBb<unknown>(USER_PATHS.emailVerification, { email, code })

export const register = (input: { email: string; code: string; password: string; inviteCode: string }) =>
  postBb<unknown>(USER_PATHS.register, input)

export const login = (account: string, password: string) =>
  postBb<LoginResult>(USER_PATHS.login, { account, password })

export const sendResetCode = (email: string) => postBb<unknown>(USER_PATHS.sendEmailCodeForget, { email })

export const resetPassword = (input: { email: string; code: string; password: string }) =>
  postBb<unknown>(USER_PATHS.forgetPwd, input)
