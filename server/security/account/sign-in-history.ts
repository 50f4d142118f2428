// The sign-in history (contract/security.ts SignInAttempt): every attempt on an existing account,
// signed in or not, with how it tried and from where; the newest SIGN_IN_HISTORY_SIZE per user.
import type { SignInAttempt, SignInMethod, SignInResult } from '../../../src/contract/security.ts'
import { SIGN_IN_HISTORY_SIZE, SIGN_IN_METHODS, SIGN_IN_RESULTS } from '../../../src/contract/security.ts'
import type { Database } from '../../db/database.ts'
import { num, str } from '../../db/rows.ts'
import { keepNewest } from './newest-rows.ts'
import { describeUserAgent } from './user-agent.ts'

export interface AttemptFacts {
  result: SignInResult
  method: SignInMethod
  address: string
  userAgent: string
}

export async function recordSignInAttempt(db: Database, userId: number, at: number, facts: AttemptFacts): Promise<void> {
  await db.run(
    'INSERT INTO sign_in_history (user_id, at, result, method, address, user_agent) VALUES (?, ?, ?, ?, ?, ?)',
    userId, at, facts.result, facts.method, facts.address, facts.userAgent,
  )
  await keepNewest(db, 'sign_in_history', userId, SIGN_IN_HISTORY_SIZE)
}

const oneOf = <T extends string>(values: readonly T[], value: string): T => {
  const found = values.find((candidate) => candidate === value)
  if (found === undefined) throw new Error(`unexpected value ${value}`)
  return found
}

/** The user's attempts, newest first. */
export async function signInAttempts(db: Database, userId: number): Promise<SignInAttempt[]> {
  const rows = await db.all(
    'SELECT at, result, method, address, user_agent FROM sign_in_history WHERE user_id = ? ORDER BY id DESC LIMIT ?',
    userId, SIGN_IN_HISTORY_SIZE,
  )
  return rows.map((row) => ({
    at: num(row, 'at'),
    result: oneOf(SIGN_IN_RESULTS, str(row, 'result')),
    method: oneOf(SIGN_IN_METHODS, str(row, 'method')),
    address: str(row, 'address'),
    ...describeUserAgent(str(row, 'user_agent')),
  }))
}
