// Helpers of the leveraged contract tests: the simulated feed's price of any instant (the same
// function the server prices with), searches of the price path for the second a level is reached,
// a trader's calls, the engine run by hand on a connection of the test's own (as another server
// process would), and the audits: the ledger entries of a position, what every position holds
// against the users' frozen balances, and the state a refused call must leave alone.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../../server/db/database.ts'
import type { FastifyBaseLogger } from 'fastify'
import { CONTRACT_PATHS } from '../../src/contract/contracts.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import { type ContractEngine, createContractEngine } from '../../server/contracts/pass.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import { type Snapshot, snapshot, withDb } from './assets-support.ts'
import { lastTicksAt } from './spot-support.ts'
import type { Answer, TestServer } from './harness.ts'

// The feed's price of any instant and prices as ticks: the same helpers the spot tests use.
export { lastAt, pairOf } from './spot-fixtures.ts'
export { priceOf, ticksOf } from './spot-support.ts'
export const ticksAt = lastTicksAt

/** The first second in (after, after + within] whose last price (ticks) satisfies `reached`. */
export function firstSecond(symbol: string, after: number, reached: (ticks: number) => boolean, within = 86_400): number | undefined {
  for (let second = after + 1; second <= after + within; second++) if (reached(ticksAt(symbol, second))) return second
  return undefined
}

/** The lowest and highest last price (ticks) of the seconds (after, after + seconds]. */
export function rangeAhead(symbol: string, after: number, seconds: number): { low: number; high: number } {
  let low = Infinity
  let high = -Infinity
  for (let second = after + 1; second <= after + seconds; second++) {
    const ticks = ticksAt(symbol, second)
    low = Math.min(low, ticks)
    high = Math.max(high, ticks)
  }
  return { low, high }
}

export type OpenFields = { symbol?: string; direction: '1' | '2'; leverage: string; entryType?: '1' | '2'; quantity: string } & Partial<Record<'price' | 'stopLoss' | 'takeProfit', string>>

type Poster = { post: TestServer['post'] }

export const openCall = (server: Poster, headers: Record<string, string>, fields: OpenFields, extra: Record<string, string> = {}): Promise<Answer> =>
  server.post(CONTRACT_PATHS.open, { symbol: 'btcusdt', entryType: '1', ...fields }, { ...headers, ...extra })

/** Answers the data of a successful call; fails the test with the answer otherwise. */
export async function succeeded(answer: Promise<Answer>) {
  const done = await answer
  if (done.json?.code !== 1) throw new Error(`call failed: ${done.text}`)
  return done.json.data
}

export const opened = (server: Poster, headers: Record<string, string>, fields: OpenFields) => succeeded(openCall(server, headers, fields))
export const detail = (server: Poster, headers: Record<string, string>, id: string) => succeeded(server.post(CONTRACT_PATHS.detail, { id }, headers))

export const quiet = { error: () => {}, info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger
/** A logger that keeps what the engine reports as errors. */
export const collectingLog = (errors: string[]): FastifyBaseLogger =>
  ({ error: (fields: { err?: unknown }) => errors.push(String(fields.err)), info: () => {}, warn: () => {} }) as unknown as FastifyBaseLogger

/** The engine on a connection of the caller's own, at the caller's clock. */
export const engineOn = (db: Database, now: () => number, errors: string[] = []): ContractEngine =>
  createContractEngine({ db, now, log: collectingLog(errors) }, createSimSource(DEFAULT_CONFIG.marketSeed, now))

export type Row = Record<string, unknown>

/** The ledger entries of a position (by the memo the engine writes), with their postings. */
export async function entriesOf(db: Database, id: string | number): Promise<Array<{ kind: string; postings: Record<string, string> }>> {
  const entries: Array<{ kind: string; postings: Record<string, string> }> = []
  for (const entry of await db.all(`SELECT id, kind FROM ledger_entries WHERE memo LIKE ? ORDER BY id`, `contract #${String(id)} %`)) {
    const postings = await db.all('SELECT * FROM ledger_postings WHERE entry_id = ? ORDER BY id', Number(entry.id))
    entries.push({
      kind: String(entry.kind),
      postings: Object.fromEntries(postings.map((p) => [p.system === null ? `user:${String(p.bucket)}` : String(p.system), String(p.amount)])),
    })
  }
  return entries
}

const big = (value: unknown): BigNumber => new BigNumber(String(value ?? '0'))

/** Each user's contract USDT frozen balance against what their positions hold (pending: margin + fee; holding: margin). */
export async function heldProblems(db: Database): Promise<string[]> {
  const expected = new Map<number, BigNumber>()
  for (const row of await db.all('SELECT user_id, status, margin, open_fee FROM contract_positions WHERE status IN (1, 2)')) {
    const held = row.status === 1 ? big(row.margin).plus(big(row.open_fee)) : big(row.margin)
    expected.set(Number(row.user_id), (expected.get(Number(row.user_id)) ?? big(0)).plus(held))
  }
  const problems: string[] = []
  for (const row of await db.all(`SELECT user_id, frozen FROM balances WHERE account_type = 2 AND currency = 'USDT'`)) {
    const want = expected.get(Number(row.user_id)) ?? big(0)
    expected.delete(Number(row.user_id))
    if (!want.isEqualTo(big(row.frozen))) problems.push(`user ${String(row.user_id)}: frozen ${String(row.frozen)}, positions hold ${want.toFixed()}`)
  }
  for (const [userId, want] of expected) if (!want.isZero()) problems.push(`user ${userId}: no balance, positions hold ${want.toFixed()}`)
  for (const row of await db.all('SELECT * FROM contract_positions WHERE status IN (3, 4, 5)')) {
    if (row.down_ticks !== null || row.up_ticks !== null || row.margin !== '0') problems.push(`#${String(row.id)} ended but still watched or holding ${String(row.margin)}`)
  }
  return problems
}

export interface ContractState extends Snapshot {
  positions: Row[]
}

/** Everything a refused call must leave as it was. */
export const contractState = async (server: TestServer): Promise<ContractState> => ({
  ...(await snapshot(server)),
  positions: await withDb(server, async (db) => (await db.all('SELECT * FROM contract_positions ORDER BY id')).map((row) => ({ ...row }))),
})
