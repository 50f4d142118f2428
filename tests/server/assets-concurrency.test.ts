// Many requests at once against the real server: transfers never overdraw, and one idempotency
// key moves money once however often and however simultaneously it is sent.
import { join } from 'node:path'
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { BB_OK, IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { once } from '../../server/assets/idempotency.ts'
import { SQLITE_FILE } from '../../server/db/open.ts'
import { openSqlite } from '../../server/db/sqlite.ts'
import { ok } from '../../server/http/envelope.ts'
import { balanceOf, fundedUser, snapshot } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { openLedgerDb } from './ledger-db.ts'
import { openTestDatabase, TEST_ENGINE } from './test-database.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('200 concurrent transfers of one balance', () => {
  it('let through only what the balance covers, in both directions, and never overdraw', async () => {
    const user = await fundedUser(server, 'race@assets.test', [{ currency: 'USDT', amount: '100' }])
    // Amounts from 0.5 to 1.49 (about 200 in all against a balance of 100), one in five going back.
    const amounts = Array.from({ length: 200 }, (_, i) => new BigNumber(50 + ((i * 37) % 100)).div(100))
    const answers = await Promise.all(
      amounts.map((amount, i) =>
        server.post(ASSET_PATHS.transfer, { amount: amount.toFixed(), currency: 'USDT', type: i % 5 === 4 ? '2' : '1' }, user.headers),
      ),
    )
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    let net = new BigNumber(0)
    for (const [i, answer] of answers.entries()) {
      if (answer.json.code === BB_OK) net = i % 5 === 4 ? net.minus(amounts[i] ?? 0) : net.plus(amounts[i] ?? 0)
      else expect(answer.json.msg).toBe(SERVER_MESSAGES.insufficientBalance)
    }
    const refused = answers.filter((answer) => answer.json.code !== BB_OK).length
    expect(refused).toBeGreaterThan(0)
    expect(refused).toBeLessThan(200)
    const spot = (await balanceOf(server, user.userId, 1, 'USDT')).available
    const contract = (await balanceOf(server, user.userId, 2, 'USDT')).available
    expect(new BigNumber(spot).isNegative() || new BigNumber(contract).isNegative()).toBe(false)
    expect(new BigNumber(contract).toFixed()).toBe(net.toFixed())
    expect(new BigNumber(spot).plus(contract).toFixed()).toBe('100')
    expect((await snapshot(server)).differences).toEqual([])
  })
})

describe('idempotency keys', () => {
  it('move money once for one key sent 20 times at once, all 20 answers the same success', async () => {
    const user = await fundedUser(server, 'twenty@assets.test', [{ currency: 'USDT', amount: '1' }])
    const headers = { ...user.headers, [IDEMPOTENCY_HEADER]: 'tap-2026-0001' }
    const before = await snapshot(server)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.post(ASSET_PATHS.transfer, { amount: '0.25', currency: 'USDT', type: '1' }, headers)),
    )
    expect(answers[0]?.json.code).toBe(BB_OK)
    for (const answer of answers) expect(answer.text).toBe(answers[0]?.text)
    expect((await balanceOf(server, user.userId, 1, 'USDT')).available).toBe('0.75')
    const after = await snapshot(server)
    expect(after.entries).toBe(before.entries + 1)
    expect(after.records).toBe(before.records + 2)
    expect(after.differences).toEqual([])
  })

  it('refuse the same key with another body, and keys are per user', async () => {
    const user = await fundedUser(server, 'reuse@assets.test', [{ currency: 'USDT', amount: '2' }])
    const other = await fundedUser(server, 'reuse2@assets.test', [{ currency: 'USDT', amount: '2' }])
    const key = { [IDEMPOTENCY_HEADER]: 'same_key_123' }
    const first = await server.post(ASSET_PATHS.transfer, { amount: '1', currency: 'USDT', type: '1' }, { ...user.headers, ...key })
    expect(first.json.code).toBe(BB_OK)
    const before = await snapshot(server)
    for (const body of [
      { amount: '1.5', currency: 'USDT', type: '1' },
      { amount: '1', currency: 'USDT', type: '2' },
    ]) {
      const reused = await server.post(ASSET_PATHS.transfer, body, { ...user.headers, ...key })
      expect(reused.json).toEqual({ code: 0, msg: SERVER_MESSAGES.idempotencyKeyReused, data: null })
    }
    const onExchange = await server.post(ASSET_PATHS.exchange, { from: 'USDT', to: 'ETH', amount: '1' }, { ...user.headers, ...key })
    expect(onExchange.json.msg).toBe(SERVER_MESSAGES.idempotencyKeyReused)
    expect(await snapshot(server)).toEqual(before)
    const sameKeyOtherUser = await server.post(ASSET_PATHS.transfer, { amount: '1', currency: 'USDT', type: '1' }, { ...other.headers, ...key })
    expect(sameKeyOtherUser.json.code).toBe(BB_OK)
  })

  it('replay a stored refusal and an exchange, and refuse malformed keys with 400', async () => {
    const user = await fundedUser(server, 'replay@assets.test', [{ currency: 'USDT', amount: '10' }])
    const refusedKey = { ...user.headers, [IDEMPOTENCY_HEADER]: 'refused-0001' }
    const refused = await server.post(ASSET_PATHS.transfer, { amount: '11', currency: 'USDT', type: '1' }, refusedKey)
    expect(refused.json.msg).toBe(SERVER_MESSAGES.insufficientBalance)
    const again = await server.post(ASSET_PATHS.transfer, { amount: '11', currency: 'USDT', type: '1' }, refusedKey)
    expect(again.text).toBe(refused.text)
    const swapKey = { ...user.headers, [IDEMPOTENCY_HEADER]: 'swap-0001' }
    const swaps = await Promise.all([1, 2, 3].map(() => server.post(ASSET_PATHS.exchange, { from: 'USDT', to: 'DOGE', amount: '4' }, swapKey)))
    for (const swap of swaps) expect(swap.text).toBe(swaps[0]?.text)
    expect((await balanceOf(server, user.userId, 1, 'USDT')).available).toBe('6')
    for (const bad of ['short', 'x'.repeat(101), 'has space ok', 'semi;colon1']) {
      const answer = await server.post(ASSET_PATHS.transfer, { amount: '1', currency: 'USDT', type: '1' }, { ...user.headers, [IDEMPOTENCY_HEADER]: bad })
      expect(answer.status, bad).toBe(400)
      expect(answer.json.msg).toBe(SERVER_MESSAGES.invalidIdempotencyKey)
    }
    expect((await balanceOf(server, user.userId, 1, 'USDT')).available).toBe('6')
  })
})

// The busy timeout is SQLite's: a second connection gives up on the write lock after its timeout
// (here 20 ms). PostgreSQL has no such wait to run out of; its counterpart is below.
describe.skipIf(TEST_ENGINE !== 'sqlite')('an idempotency key on SQLite', () => {
  it('answers "still in progress, retry" when another process holds the write lock past the busy timeout', async () => {
    const ledger = await openLedgerDb()
    const userId = await ledger.addUser('busy@x.io')
    const impatient = openSqlite(join(ledger.dir, SQLITE_FILE), { timeout: 20 })
    await ledger.db.exec('BEGIN IMMEDIATE')
    let ran = false
    const answer = await once(impatient, { userId, key: 'busy-key-1', hash: 'h', now: 1 }, async () => {
      ran = true
      return ok(null)
    })
    await ledger.db.exec('ROLLBACK')
    expect(answer).toEqual({ code: 0, msg: SERVER_MESSAGES.requestInProgress, data: null })
    expect(ran).toBe(false)
    // Once the lock is free the same key goes through.
    expect((await once(impatient, { userId, key: 'busy-key-1', hash: 'h', now: 1 }, async () => ok('moved'))).data).toBe('moved')
    await impatient.close()
    await ledger.close()
  })
})

// On PostgreSQL the second claim of a key waits for the first transaction (the unique index), and
// when that one commits, the serializable conflict makes the waiting one run again and replay.
describe.skipIf(TEST_ENGINE !== 'postgres')('an idempotency key on PostgreSQL', () => {
  it('makes a request that meets the key mid-transaction in another process wait, then replay its answer', async () => {
    const ledger = await openLedgerDb()
    const userId = await ledger.addUser('busy@x.io')
    const other = openTestDatabase(ledger.location)
    const claim = { userId, key: 'busy-key-1', hash: 'h', now: 1 }
    let release!: () => void
    const holding = new Promise<void>((resolve) => (release = resolve))
    let claimed!: () => void
    const inside = new Promise<void>((resolve) => (claimed = resolve))
    let runs = 0
    const first = once(ledger.db, claim, async () => {
      runs += 1
      claimed()
      await holding
      return ok('moved')
    })
    await inside
    let secondDone = false
    const second = once(other, claim, async () => {
      runs += 1
      return ok('moved twice')
    }).finally(() => (secondDone = true))
    // The first still holds the key: the second must not have answered (nor run) meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(secondDone).toBe(false)
    release()
    const answers = await Promise.all([first, second])
    expect(answers).toEqual([ok('moved'), ok('moved')])
    expect(runs).toBe(1)
    expect(await ledger.db.get('SELECT answer FROM idempotency_keys WHERE user_id = ? AND key = ?', userId, 'busy-key-1')).toEqual({ answer: JSON.stringify(ok('moved')) })
    await other.close()
    await ledger.close()
  })
})
