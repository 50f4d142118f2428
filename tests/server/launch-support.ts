// Helpers of the launchpad tests: a project inserted on a connection of the test's own (as the
// admin tool would), at instants relative to the test clock; subscribers with USDT and a fund
// password; the calls; and the audits (balances, the ledger's check, the postings of an entry).
import type { Database } from '../../server/db/database.ts'
import { LAUNCH_PATHS } from '../../src/contract/launch.ts'
import { hashSecret } from '../../server/auth/password.ts'
import { insertProject, type ProjectInput } from '../../server/launch/create.ts'
import { type Funded, fundedUser, withDb } from './assets-support.ts'
import type { Answer, TestServer } from './harness.ts'

export const FUND_PASSWORD = '246810'
export const SECOND = 1000
export const DAY = 86_400_000

export interface Timeline {
  joinStart: number
  joinEnd: number
  unlockAt: number
}

/** A project joining from t0 + 1 h to t0 + 2 h, locked 3 days; fields overridable. */
export async function addProject(server: TestServer, overrides: Partial<ProjectInput> = {}): Promise<{ id: string } & Timeline> {
  const t0 = server.clock.now
  const input: ProjectInput = {
    symbol: 'NOVA',
    name: 'Nova Test',
    price: '0.5',
    forSale: '100',
    minPerUser: '1',
    maxPerUser: '80',
    precision: 2,
    warmupStart: t0,
    joinStart: t0 + 3_600_000,
    joinEnd: t0 + 7_200_000,
    lockDays: 3,
    descriptions: { 'en-US': 'English', 'zh-CN': '中文', ko: '한국어', ja: '日本語' },
    ...overrides,
  }
  const id = await withDb(server, async (db) => await insertProject(db, input, t0))
  if (id === undefined) throw new Error('project not inserted')
  return { id: String(id), joinStart: input.joinStart, joinEnd: input.joinEnd, unlockAt: input.unlockAt ?? input.joinEnd + input.lockDays * DAY }
}

/** A user with USDT in the spot account and a fund password; verified unless asked otherwise (spec §6). */
export async function subscriber(server: TestServer, email: string, usdt: string, { verified = true } = {}): Promise<Funded> {
  const user = await fundedUser(server, email, [{ currency: 'USDT', amount: usdt }], { verified })
  const hash = await hashSecret(FUND_PASSWORD)
  await withDb(server, async (db) => await db.run('UPDATE users SET trade_password_hash = ? WHERE id = ?', hash, user.userId))
  return user
}

export const subscribeCall = (server: TestServer, user: Funded, id: string, quantity: string, extra: Record<string, string> = {}): Promise<Answer> =>
  server.post(LAUNCH_PATHS.subscribe, { id, quantity, tradePassword: FUND_PASSWORD }, { ...user.headers, ...extra })

export const sellCall = (server: TestServer, user: Funded, id: string, quantity: string, extra: Record<string, string> = {}): Promise<Answer> =>
  server.post(LAUNCH_PATHS.sell, { id, quantity, tradePassword: FUND_PASSWORD }, { ...user.headers, ...extra })

export async function ok(answer: Promise<Answer>) {
  const done = await answer
  if (done.json?.code !== 1) throw new Error(`call failed: ${done.text}`)
  return done.json.data
}

/** A user's spot balance of one currency. */
export async function spot(db: Database, userId: number, currency: string): Promise<{ available: string; frozen: string }> {
  const row = await db.get('SELECT available, frozen FROM balances WHERE user_id = ? AND account_type = 1 AND currency = ?', userId, currency)
  return { available: String(row?.available ?? '0'), frozen: String(row?.frozen ?? '0') }
}

/** The postings of the entries of one kind, as "account currency amount" lines. */
export async function postingsOf(db: Database, kind: string): Promise<string[][]> {
  const entries = await db.all('SELECT id FROM ledger_entries WHERE kind = ? ORDER BY id', kind)
  return Promise.all(entries.map(async (entry) =>
    (await db.all('SELECT * FROM ledger_postings WHERE entry_id = ? ORDER BY id', Number(entry.id)))
      .map((p) => `${p.system === null ? `user${String(p.user_id)}:${String(p.bucket)}` : String(p.system)} ${String(p.currency)} ${String(p.amount)}`),
  ))
}

/** The inbox messages of one kind a user has, as [kind, params] (server/messages/post.ts). */
export async function messagesOf(db: Database, userId: number, kind: string): Promise<Array<Record<string, string>>> {
  return (await db.all('SELECT params FROM messages WHERE user_id = ? AND kind = ? ORDER BY id', userId, kind)).map((row) => JSON.parse(String(row.params)))
}
