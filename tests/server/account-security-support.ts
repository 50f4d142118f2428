// Helpers of the sessions, devices and histories tests: sign-ins from a chosen browser and address,
// and every answer checked for a 5xx as it comes.
import { expect } from 'vitest'
import { USER_PATHS } from '../../src/contract/user.ts'
import { type Answer, registerAndLogin, TEST_ADDRESS_HEADER, type TestServer } from './harness.ts'

export const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
export const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.7444.59 Safari/537.36'
export const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36'
export const PASSWORD = 'Secret2026pass'

export interface Signed {
  userId: string
  token: string
  headers: Record<string, string>
}

/** A POST that must never answer 5xx, whatever it sends. */
export async function call(server: TestServer, path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await server.post(path, form, headers)
  expect(answer.status, `${path} answered ${answer.status}: ${answer.text}`).toBeLessThan(500)
  return answer
}

export interface From {
  userAgent: string
  address: string
  device?: string
}

export const fromHeaders = (from: From): Record<string, string> => ({ 'user-agent': from.userAgent, [TEST_ADDRESS_HEADER]: from.address })

/** Signs in with the password from a browser and address; the session's headers carry both. */
export async function signIn(server: TestServer, email: string, from: From, password = PASSWORD): Promise<Signed> {
  const form: Record<string, string> = { account: email, password, ...(from.device ? { device: from.device } : {}) }
  const login = await call(server, USER_PATHS.login, form, fromHeaders(from))
  expect(login.json.code, login.text).toBe(1)
  const { userId, token } = login.json.data as { userId: string; token: string }
  return { userId, token, headers: { 'access-token': token, ...fromHeaders(from) } }
}

/** A new account (registered and signed in once, by the harness, as `node`). */
export async function newAccount(server: TestServer, email: string): Promise<void> {
  await registerAndLogin(server, email, PASSWORD)
}

/** A mail's body (after its headers), as its reader sees it. */
export const bodyOf = (mail: string): string => mail.slice(mail.indexOf('\r\n\r\n') + 4)
export const subjectOf = (mail: string): string => /^Subject: (.*)$/m.exec(mail)?.[1] ?? ''
