// Two real server processes on ONE database (architecture §6 "Storage and scale-out"; on SQLite one
// file, on PostgreSQL one database) take writers of the same account at once, and every money
// guarantee holds across them: 200 transfers of one balance, half through each process, never
// overdraw and leave exactly what the successful answers say; one idempotency key sent 20 times at
// once through both moves money once, and every answer is that one answer (or "still in progress,
// retry", whose retry replays it). The operators' `admin verify` finds the ledger consistent.
import { BigNumber } from 'bignumber.js'
import { describe, expect, it } from 'vitest'
import { ASSET_PATHS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { BB_OK, IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { balanceOf, fundedUser, snapshot } from './assets-support.ts'
import type { Answer } from './harness.ts'
import {
  expectAdminVerifyClean,
  negativeBalancesOf,
  pause,
  postTo,
  transferEntries,
  useSharedServers,
  viewThrough,
} from './cluster-support.ts'

/** One transfer in five goes back from the contract account. */
const back = (i: number) => i % 5 === 4
const IN_PROGRESS = { code: 0, msg: SERVER_MESSAGES.requestInProgress, data: null }
const RETRY_ROUNDS = 20

const world = useSharedServers(2)
const shared = world.data
const server = world.server

/**
 * Sends every request once, all at once, then again (same key, same body) for each answer that
 * was "still in progress, retry" — what the app does — until none is, or RETRY_ROUNDS ran out.
 */
async function sendUntilAnswered(count: number, send: (i: number, round: number) => Promise<Answer>): Promise<Answer[]> {
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => send(i, 0)))
  for (let round = 1; round <= RETRY_ROUNDS; round++) {
    const retry = answers.flatMap((answer, i) => (answer.json?.msg === SERVER_MESSAGES.requestInProgress ? [i] : []))
    if (retry.length === 0) break
    await pause(100)
    const again = await Promise.all(retry.map((i) => send(i, round)))
    for (const [n, i] of retry.entries()) answers[i] = again[n] as Answer
  }
  return answers
}

describe('two server processes on one database', () => {
  it('let 200 transfers of one balance at once, half through each, through only as far as it covers', async () => {
    const view = viewThrough(shared(), server(0).url)
    const user = await fundedUser(view, 'race@cluster.test', [{ currency: 'USDT', amount: '100' }])
    // About 200 USDT asked of a balance of 100, in both directions.
    const amounts = Array.from({ length: 200 }, (_, i) => new BigNumber(50 + ((i * 37) % 100)).div(100))
    const answers = await sendUntilAnswered(200, (i) =>
      postTo(server(i).url, ASSET_PATHS.transfer, { amount: amounts[i]?.toFixed() ?? '', currency: 'USDT', type: back(i) ? '2' : '1' }, {
        ...user.headers,
        [IDEMPOTENCY_HEADER]: `race-transfer-${i}`,
      }),
    )

    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 200 }, () => 200))
    let net = new BigNumber(0)
    const acknowledged: string[] = []
    const perProcess = [0, 0]
    for (const [i, answer] of answers.entries()) {
      if (answer.json.code !== BB_OK) {
        expect(answer.json, `transfer ${i}`).toEqual({ code: 0, msg: SERVER_MESSAGES.insufficientBalance, data: null })
        continue
      }
      const amount = amounts[i] ?? new BigNumber(NaN)
      net = back(i) ? net.minus(amount) : net.plus(amount)
      acknowledged.push(String(answer.json.data.id))
      perProcess[i % 2] = (perProcess[i % 2] ?? 0) + 1
    }
    // Both processes moved money, and the balance really ran out.
    expect(perProcess.every((count) => count > 0), `successes per process: ${perProcess.join(', ')}`).toBe(true)
    expect(acknowledged.length).toBeGreaterThan(0)
    expect(acknowledged.length).toBeLessThan(200)

    expect(await balanceOf(view, user.userId, 2, 'USDT')).toEqual({ available: net.toFixed(), frozen: '0' })
    expect(await balanceOf(view, user.userId, 1, 'USDT')).toEqual({ available: new BigNumber(100).minus(net).toFixed(), frozen: '0' })
    expect(await negativeBalancesOf(view, user.userId)).toEqual([])
    // One ledger entry per successful answer, and the record each answer named is that entry's.
    expect((await transferEntries(view, user.userId)).size).toBe(acknowledged.length)
    const outRecords = await view.withDb((db) =>
      db.all('SELECT id FROM asset_records WHERE user_id = ? AND trade_type = ? AND entry_id IS NOT NULL', user.userId, RECORD_TYPES.transferOut),
    )
    expect(outRecords.map((row) => String(row.id)).toSorted()).toEqual(acknowledged.toSorted())
    expect((await snapshot(view)).differences).toEqual([])
    await expectAdminVerifyClean(view)
  }, 60_000)

  it('move money once for one key sent 20 times at once through both processes', async () => {
    const view = viewThrough(shared(), server(1).url)
    const user = await fundedUser(view, 'once@cluster.test', [{ currency: 'USDT', amount: '10' }])
    const before = await snapshot(view)
    const headers = { ...user.headers, [IDEMPOTENCY_HEADER]: 'one-key-2026-0001' }
    const send = (i: number) => postTo(server(i).url, ASSET_PATHS.transfer, { amount: '2.5', currency: 'USDT', type: '1' }, headers)

    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i)))
    const success = first.find((answer) => answer.json?.code === BB_OK)
    expect(success, first.map((answer) => answer.text).join('\n')).toBeDefined()
    for (const answer of first) {
      if (answer.text !== success?.text) expect(answer.json).toEqual(IN_PROGRESS)
    }
    // Whoever was told to retry gets the same answer byte for byte, from either process.
    const settled = await sendUntilAnswered(20, (i, round) => (round === 0 ? Promise.resolve(first[i] as Answer) : send(i + round)))
    for (const answer of settled) expect(answer.text).toBe(success?.text)
    for (const i of [0, 1]) expect((await send(i)).text).toBe(success?.text)

    const after = await snapshot(view)
    expect(after.entries).toBe(before.entries + 1)
    expect(after.records).toBe(before.records + 2)
    expect(after.differences).toEqual([])
    expect(await balanceOf(view, user.userId, 1, 'USDT')).toEqual({ available: '7.5', frozen: '0' })
    expect(await balanceOf(view, user.userId, 2, 'USDT')).toEqual({ available: '2.5', frozen: '0' })
    expect(await view.withDb(async (db) => (await db.all('SELECT key FROM idempotency_keys WHERE user_id = ?', user.userId)).length)).toBe(1)
    await expectAdminVerifyClean(view)
  }, 60_000)
})
