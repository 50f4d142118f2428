// The users table: lookups and creation. Emails are stored normalized (see normalizeEmail).
import { randomInt } from 'node:crypto'
import type { UserInfo } from '../../src/contract/user.ts'
import { KYC_STATUS } from '../../src/contract/user.ts'
import type { AppContext } from '../context.ts'
import { num, str, strOrNull, type Row } from '../db/rows.ts'

export interface User {
  id: number
  uid: string
  email: string
  passwordHash: string
  tradePasswordHash: string | null
  icon: string
  kycStatus: number
  invitationCode: string
}

/** Trimmed, NFC and lower-case: the one spelling under which an address is stored and found. */
export const normalizeEmail = (email: string): string => email.trim().normalize('NFC').toLowerCase()

const toUser = (row: Row): User => ({
  id: num(row, 'id'),
  uid: str(row, 'uid'),
  email: str(row, 'email'),
  passwordHash: str(row, 'password_hash'),
  tradePasswordHash: strOrNull(row, 'trade_password_hash'),
  icon: str(row, 'icon'),
  kycStatus: num(row, 'kyc_status'),
  invitationCode: str(row, 'invitation_code'),
})

export async function findUserByEmail(ctx: AppContext, email: string): Promise<User | undefined> {
  const row = await ctx.db.get('SELECT * FROM users WHERE email = ?', email)
  return row ? toUser(row) : undefined
}

export async function findUserById(ctx: AppContext, id: number): Promise<User | undefined> {
  const row = await ctx.db.get('SELECT * FROM users WHERE id = ?', id)
  return row ? toUser(row) : undefined
}

/** Invitation codes are shown upper-case but accepted in any case. */
export async function findUserIdByInvitationCode(ctx: AppContext, code: string): Promise<number | undefined> {
  const row = await ctx.db.get('SELECT id FROM users WHERE invitation_code = ?', code.toUpperCase())
  return row ? num(row, 'id') : undefined
}

// No 0/O or 1/I: invitation codes are read off posters and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const randomCode = (): string =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')

async function unusedValue(ctx: AppContext, column: 'uid' | 'invitation_code', make: () => string): Promise<string> {
  for (;;) {
    const candidate = make()
    if (!await ctx.db.get(`SELECT 1 FROM users WHERE ${column} = ?`, candidate)) return candidate
  }
}

export interface NewUser {
  email: string
  passwordHash: string
  invitedBy: number | undefined
}

/** Inserts a user with a fresh uid and invitation code; call inside a transaction. */
export async function insertUser(ctx: AppContext, user: NewUser): Promise<number> {
  const uid = await unusedValue(ctx, 'uid', () => String(randomInt(10_000_000, 100_000_000)))
  const invitationCode = await unusedValue(ctx, 'invitation_code', randomCode)
  const id = await ctx.db.insert(`INSERT INTO users (uid, email, password_hash, invitation_code, invited_by, created_at)
      VALUES (?, ?, ?, ?, ?, ?)`, uid, user.email, user.passwordHash, invitationCode, user.invitedBy ?? null, ctx.now())
  return id
}

export async function setPasswordHash(ctx: AppContext, userId: number, hash: string): Promise<void> {
  await ctx.db.run('UPDATE users SET password_hash = ? WHERE id = ?', hash, userId)
}

export async function setTradePasswordHash(ctx: AppContext, userId: number, hash: string): Promise<void> {
  await ctx.db.run('UPDATE users SET trade_password_hash = ? WHERE id = ?', hash, userId)
}

const KYC_VALUES: readonly number[] = Object.values(KYC_STATUS)

export function toUserInfo(user: User): UserInfo {
  return {
    email: user.email,
    icon: user.icon,
    uid: user.uid,
    auth: KYC_VALUES.includes(user.kycStatus) ? (user.kycStatus as UserInfo['auth']) : KYC_STATUS.none,
    invitationCode: user.invitationCode,
    assetsPwd: user.tradePasswordHash ? 1 : 0,
  }
}
