// The operators' tool as a subprocess (`node server/admin/cli.ts`, what `npm run admin` runs)
// against the database of a running test server: credit, list, approve, reject and verify.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_TYPES, ASSET_PATHS, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { freeze } from '../../server/ledger/operations.ts'
import { insertRecord } from '../../server/ledger/records.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { runCommand } from '../../server/admin/commands.ts'
import { openAdminContext } from '../../server/admin/context.ts'
import { DEMO_ACCOUNT } from '../../server/seed.ts'
import { admin as adminOn } from './admin-cli.ts'
import { balanceOf, snapshot, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'

let server: TestServer
let demoId: number

/** What the CLI reads: DATA_DIR, and DATABASE_URL when the server's database is PostgreSQL. */
const adminEnv = () => ({ DATA_DIR: server.database.dataDir, DATABASE_URL: server.database.databaseUrl })

const admin = (...args: string[]) => adminOn(server, ...args)

/** A deposit or withdrawal awaiting review, as the request routes leave one. */
function pending(kind: 'deposit' | 'withdrawal', amount: string): Promise<string> {
  return withDb(server, async (db) => {
    const now = Date.now()
    const common = { userId: demoId, accountType: ACCOUNT_TYPES.spot, currency: 'USDT', status: RECORD_STATUS.reviewing, chain: 'TRC20', now }
    if (kind === 'deposit') {
      return String(await insertRecord(db, { ...common, tradeType: RECORD_TYPES.deposit, amount, actualArrival: '0', address: 'TDepositAddr', proof: 'ab'.repeat(16) + '.jpg' }))
    }
    const entryId = await freeze(db, { userId: demoId, accountType: ACCOUNT_TYPES.spot, currency: 'USDT', amount, memo: 'withdrawal', now })
    return String(await insertRecord(db, { ...common, tradeType: RECORD_TYPES.withdrawal, amount: `-${amount}`, fee: '1', actualArrival: String(Number(amount) - 1), address: 'TWithdrawAddr', entryId }))
  })
}

beforeAll(async () => {
  server = await startServer()
  const login = await server.post(USER_PATHS.login, { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })
  demoId = Number(login.json.data.userId)
})
afterAll(() => server.close())

describe('admin CLI', () => {
  it('credits a user, lists, and verifies the ledger', async () => {
    const credited = await admin('credit', 'Demo@Exchange.local', 'btc', '0.25', 'contract')
    expect(credited.code).toBe(0)
    expect(credited.stdout).toMatch(/credited 0\.25 BTC to demo@exchange\.local \(contract\), record #\d+/)
    expect((await balanceOf(server, demoId, 2, 'BTC')).available).toBe('0.25')
    const records = await server.post(ASSET_PATHS.records, { tradeType: String(RECORD_TYPES.credit) }, { 'access-token': (await server.post(USER_PATHS.login, { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })).json.data.token })
    expect(records.json.data.list[0]).toMatchObject({ accountType: 2, currency: 'BTC', amount: '0.25', status: RECORD_STATUS.finished })
    expect((await admin('list')).stdout.trim()).toBe('nothing to review')
    const verified = await admin('verify')
    expect(verified).toMatchObject({ code: 0 })
    // The seed's 4 credits, the demo launch subscription's 3 entries (credit, freeze, allocation), this credit.
    expect(verified.stdout).toMatch(/^ledger consistent: 8 entries, 18 postings/)
  })

  it('refuses bad credits and usage mistakes with a message, changing nothing', async () => {
    // The same commands in-process (a subprocess each would only add start-up time).
    const ctx = await openAdminContext(adminEnv())
    const before = await snapshot(server)
    const cases: Array<[string[], number, RegExp]> = [
      [['credit', 'nobody@x.io', 'USDT', '1'], 1, /no user/],
      [['credit', DEMO_ACCOUNT.email, 'FOO', '1'], 1, /not supported/],
      [['credit', DEMO_ACCOUNT.email, 'USDT', '-1'], 1, /valid amount/],
      [['credit', DEMO_ACCOUNT.email, 'USDT', '0.000000001'], 1, /8 decimal/],
      [['credit', DEMO_ACCOUNT.email, 'USDT', '1', 'savings'], 1, /unknown account/],
      [['credit', DEMO_ACCOUNT.email], 2, /usage/],
      [['approve', '999999'], 1, /no deposit or withdrawal/],
      [['approve', '1'], 1, /no deposit or withdrawal/],
      [['list', 'everything'], 2, /usage/],
      [['frobnicate'], 2, /usage/],
    ]
    for (const [[command = '', ...args], code, message] of cases) {
      const outcome = await runCommand(ctx, command, args)
      expect(outcome.exitCode, [command, ...args].join(' ')).toBe(code)
      expect(outcome.err, [command, ...args].join(' ')).toMatch(message)
    }
    await ctx.db.close()
    expect(await snapshot(server)).toEqual(before)
  })

  it('approves and rejects deposits and withdrawals once each', async () => {
    const usdt = () => balanceOf(server, demoId, 1, 'USDT')
    const deposit = await pending('deposit', '50')
    const rejectedDeposit = await pending('deposit', '70')
    const withdrawal = await pending('withdrawal', '30')
    const rejectedWithdrawal = await pending('withdrawal', '20')
    expect(await usdt()).toEqual({ available: '9950', frozen: '50' })
    const listed = await admin('list', 'reviewing')
    for (const id of [deposit, rejectedDeposit, withdrawal, rejectedWithdrawal]) expect(listed.stdout).toContain(`#${id} `)
    expect(listed.stdout).toContain(join(server.dataDir, 'uploads', `${'ab'.repeat(16)}.jpg`))
    expect(listed.stdout).toContain('TWithdrawAddr')

    // Four operators at once: separate processes writing the same database, serialized by it.
    const decisions = await Promise.all([
      admin('approve', deposit),
      admin('reject', rejectedDeposit, 'no', 'such', 'transaction'),
      admin('approve', withdrawal),
      admin('reject', rejectedWithdrawal, 'address', 'blocked'),
    ])
    expect(decisions.map((decision) => decision.stdout.replace(/#\d+/, '#').trim())).toEqual([
      'deposit # approved: 50 USDT',
      'deposit # rejected: 70 USDT',
      'withdrawal # approved: -30 USDT',
      'withdrawal # rejected: -20 USDT',
    ])
    expect(await usdt()).toEqual({ available: '10020', frozen: '0' })
    const reason = await withDb(server, async (db) => (await db.get('SELECT info FROM asset_records WHERE id = ?', Number(rejectedDeposit)))?.info)
    expect(reason).toContain('no such transaction')
    expect((await admin('verify')).code).toBe(0)

    const ctx = await openAdminContext(adminEnv())
    for (const id of [deposit, rejectedDeposit, withdrawal, rejectedWithdrawal]) {
      const again = await runCommand(ctx, 'approve', [id])
      expect(again).toMatchObject({ exitCode: 1, err: expect.stringMatching(/already (approved|rejected)/) })
    }
    expect((await runCommand(ctx, 'list', [])).out).toBe('nothing to review')
    expect((await runCommand(ctx, 'list', ['all'])).out).toContain(`#${rejectedWithdrawal} withdrawal rejected`)
    await ctx.db.close()
    expect(await usdt()).toEqual({ available: '10020', frozen: '0' })
  })

  it('exits 1 and names the difference when a balance was changed behind the ledger', async () => {
    await withDb(server, (db) => db.run("UPDATE balances SET available = '1' WHERE user_id = ? AND account_type = 1 AND currency = 'ETH'", demoId))
    const verified = await admin('verify')
    expect(verified.code).toBe(1)
    expect(verified.stderr).toMatch(/INCONSISTENT, 1 difference/)
    expect(verified.stderr).toContain('"currency":"ETH"')
  })
})
