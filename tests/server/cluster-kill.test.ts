// The scale-out layout (architecture §6 "Storage and scale-out": stateless instances on one
// database behind nginx, whose config is scripts/cluster-lib.mjs's) loses an instance to SIGKILL in
// the middle of a stream of keyed transfers, and no money is lost or doubled: every transfer that
// was acknowledged is in the ledger, the other instances keep answering (nginx sends new requests
// to them), and re-sending EVERY key afterwards applies each transfer at most once — the balance
// moves by exactly the transfers that had not been applied — so that in the end each key moved its
// amount once. The operators' `admin verify` finds the ledger consistent.
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_TYPES, ASSET_PATHS } from '../../src/contract/assets.ts'
import { BB_OK } from '../../src/contract/envelopes.ts'
import { balanceOf, fundedUser, snapshot } from './assets-support.ts'
import type { Answer } from './harness.ts'
import type { KeptData } from './seconds-support.ts'
import {
  claimedKeys,
  entryOfRecord,
  expectAdminVerifyClean,
  keyedTransfer,
  pause,
  postTo,
  ProcessGroup,
  type Proxy,
  type ServerProcess,
  sharedData,
  transferEntries,
  viewThrough,
} from './cluster-support.ts'

const INSTANCES = 3
const IN_FLIGHT = 6
/** Each sender's pause between transfers: a stream of at most 200 a second, so that it lasts on a fast machine too. */
const PACE_MS = 30
/** The stream is cut short here whatever happens (bounded). */
const MAX_TRANSFERS = 1000
/** The victim is killed once this many transfers were acknowledged: mid-stream. */
const KILL_AFTER_ACKS = 60
/** After the kill the stream goes on at least this long, and until this many requests sent after GRACE_MS were acknowledged. */
const AFTER_KILL_MS = 2000
const ACKS_AFTER_KILL = 40
/** Requests already at the victim when it died may fail; nginx must have routed round it after this. */
const GRACE_MS = 1000
const FUNDS = '1000'

const group = new ProcessGroup()
let data: KeptData | undefined
let servers: ServerProcess[] = []
let proxy: Proxy | undefined

beforeAll(async () => {
  data = await sharedData()
  // Info logs name every request, which shows the victim was serving the stream when it died.
  servers = await group.startServers(data, INSTANCES, { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' })
  proxy = await group.startNginx(servers)
}, 60_000)

afterAll(async () => {
  await group.stopAll()
  await data?.remove()
}, 30_000)

interface Sent {
  key: string
  amount: string
  startedAt: number
  answer?: Answer
  /** The fetch itself failed (no answer at all). */
  failure?: string
}

const acknowledged = (sent: Sent): boolean => sent.answer?.status === 200 && sent.answer.json?.code === BB_OK
const amountOf = (i: number): string => new BigNumber((i % 50) + 1).div(100).toFixed()
const sum = (amounts: readonly string[]): string => amounts.reduce((total, amount) => total.plus(amount), new BigNumber(0)).toFixed()

describe('an instance killed mid-stream behind nginx', () => {
  it('loses no acknowledged transfer, and a re-send of every key applies each at most once', async () => {
    if (!data || !proxy) throw new Error('the cluster did not start')
    const address = proxy.url
    const view = viewThrough(data, address)
    const user = await fundedUser(view, 'stream@cluster.test', [{ currency: 'USDT', amount: FUNDS }])
    const victim = servers[1]
    if (!victim) throw new Error('no instance to kill')

    // The stream: IN_FLIGHT senders through nginx, each transfer with its own key.
    const sent: Sent[] = []
    let killedAt: number | undefined
    let victimLog = ''
    const send = async (entry: Sent) => {
      try {
        entry.answer = await keyedTransfer(address, user.headers, entry.key, entry.amount)
      } catch (error) {
        // Kept and judged below: only a request already at the victim when it died may fail.
        entry.failure = String(error)
      }
    }
    /** Acknowledged transfers sent once nginx must have routed round the victim. */
    const acksAfterGrace = (at: number) => sent.filter((entry) => acknowledged(entry) && entry.startedAt >= at + GRACE_MS).length
    const sender = async () => {
      for (;;) {
        if (sent.length >= MAX_TRANSFERS) return
        if (killedAt !== undefined && Date.now() - killedAt > AFTER_KILL_MS && acksAfterGrace(killedAt) >= ACKS_AFTER_KILL) return
        if (killedAt === undefined && sent.filter(acknowledged).length >= KILL_AFTER_ACKS) {
          victimLog = victim.output()
          victim.child.kill('SIGKILL')
          killedAt = Date.now()
        }
        const entry: Sent = { key: `stream-${sent.length}-2026`, amount: amountOf(sent.length), startedAt: Date.now() }
        sent.push(entry)
        await send(entry)
        await pause(PACE_MS)
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender))
    await victim.exited
    expect(victim.child.signalCode).toBe('SIGKILL')
    expect(killedAt, 'the victim was killed mid-stream').toBeDefined()
    // It was serving the stream when it died.
    expect(victimLog.split('\n').filter((line) => line.includes('"incoming request"') && line.includes(ASSET_PATHS.transfer)).length).toBeGreaterThan(0)

    // Every answer is an acknowledgement, or a request that was at the victim when it died
    // (nginx answers 502 for a POST it must not send twice; or no answer at all).
    const late = sent.filter((entry) => entry.startedAt >= (killedAt ?? 0) + GRACE_MS)
    expect(late.length).toBeGreaterThanOrEqual(ACKS_AFTER_KILL)
    expect(late.filter((entry) => !acknowledged(entry)).map((entry) => entry.answer?.text ?? entry.failure)).toEqual([])
    for (const entry of sent.filter((candidate) => !acknowledged(candidate))) {
      expect(entry.startedAt, `${entry.key}: ${entry.answer?.text ?? entry.failure}`).toBeLessThan((killedAt ?? 0) + GRACE_MS)
      if (entry.answer) expect(entry.answer.status, entry.key).toBe(502)
    }

    // The other instances keep answering, each on its own port too.
    for (const server of servers.filter((candidate) => candidate !== victim)) {
      const accounts = await postTo(server.url, ASSET_PATHS.accounts, { accountType: '1' }, user.headers)
      expect(accounts.json?.code, server.url).toBe(BB_OK)
    }

    // Every acknowledged transfer is in the ledger: the record its answer named points at a
    // transfer entry that moved its amount.
    const entries = await transferEntries(view, user.userId)
    for (const entry of sent.filter(acknowledged)) {
      const entryId = await entryOfRecord(view, String(entry.answer?.json.data.id))
      expect(entryId === undefined ? undefined : entries.get(entryId), entry.key).toBe(entry.amount)
    }
    // What was applied is exactly what the claimed keys say (a claim commits with its money).
    const claimed = await claimedKeys(view, user.userId)
    for (const entry of sent.filter(acknowledged)) expect(claimed.has(entry.key), entry.key).toBe(true)
    expect(entries.size).toBe(claimed.size)
    const applied = sent.filter((entry) => claimed.has(entry.key))
    const contractBefore = await balanceOf(view, user.userId, ACCOUNT_TYPES.contract, 'USDT')
    expect(contractBefore).toEqual({ available: sum(applied.map((entry) => entry.amount)), frozen: '0' })

    // Re-send EVERY key: those applied replay their answer, the others apply now, once.
    const resent = await resendAll(sent, (entry) => keyedTransfer(address, user.headers, entry.key, entry.amount))
    for (const [i, answer] of resent.entries()) {
      const original = sent[i]
      expect(answer.json?.code, `${original?.key}: ${answer.text}`).toBe(BB_OK)
      if (original && acknowledged(original)) expect(answer.text, original.key).toBe(original.answer?.text)
    }
    const notApplied = sent.filter((entry) => !claimed.has(entry.key))
    expect(await balanceOf(view, user.userId, ACCOUNT_TYPES.contract, 'USDT')).toEqual({
      available: new BigNumber(contractBefore.available).plus(sum(notApplied.map((entry) => entry.amount))).toFixed(),
      frozen: '0',
    })
    expect(await balanceOf(view, user.userId, ACCOUNT_TYPES.spot, 'USDT')).toEqual({
      available: new BigNumber(FUNDS).minus(sum(sent.map((entry) => entry.amount))).toFixed(),
      frozen: '0',
    })
    expect((await transferEntries(view, user.userId)).size).toBe(sent.length)

    // A second re-send changes nothing at all.
    const settled = await snapshot(view)
    await resendAll(sent, (entry) => keyedTransfer(address, user.headers, entry.key, entry.amount))
    expect(await snapshot(view)).toEqual(settled)
    expect(settled.differences).toEqual([])
    await expectAdminVerifyClean(view)
  }, 80_000)
})

/** Sends every entry again, IN_FLIGHT at a time, and answers the answers in the same order. */
async function resendAll(sent: readonly Sent[], send: (entry: Sent) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = []
  let next = 0
  const sender = async () => {
    while (next < sent.length) {
      const i = next++
      const entry = sent[i]
      if (entry) answers[i] = await send(entry)
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender))
  return answers
}
