// The outbox's keep/leave rules (architecture §5): an entry leaves only on success or a final refusal;
// 401, -2, 5xx, timeouts and network errors keep it for a replay with the same key. Against a real
// IndexedDB implementation (fake-indexeddb) and a fake server that deduplicates keys like ours.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { openOutboxDb, type OutboxDb, type OutboxEntry } from '../../sw/outbox-db.ts'
import { flushOutbox, judge } from '../../sw/outbox.ts'

const PATH = '/contract/contract/transfer'
let db: OutboxDb
let serial = 0

beforeEach(() => {
  db = openOutboxDb({ indexedDB, IDBKeyRange })
})
afterEach(async () => {
  await db.delete()
})

function entry(over: Partial<OutboxEntry> = {}): OutboxEntry {
  const key = `key-${++serial}-abcdefgh`
  return {
    id: key, key, userId: '7', path: PATH, body: { amount: '5', currency: 'USDT', type: '1' }, token: 'old-token',
    createdAt: serial, attempts: 0, lastError: null, state: 'pending', notBefore: 0, ...over,
  }
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

describe('judge: which answers let an entry leave', () => {
  test.each([
    ['code 1', 200, { code: 1, msg: 'success', data: null }, 'sent'],
    ['a business refusal (code 0)', 200, { code: 0, msg: SERVER_MESSAGES.insufficientBalance, data: null }, 'refused'],
    ['a malformed request (400)', 400, { code: 0, msg: 'Invalid request' }, 'refused'],
    ['forbidden (403)', 403, null, 'refused'],
    ['not found (404)', 404, null, 'refused'],
    ['an expired session (code -2)', 200, { code: -2, msg: SERVER_MESSAGES.sessionExpired }, 'kept'],
    ['the login password asked again (code -3)', 200, { code: -3, msg: SERVER_MESSAGES.reauthRequired, data: null }, 'kept'],
    ['unauthorised (401)', 401, null, 'kept'],
    ['timeout (408)', 408, null, 'kept'],
    ['too many requests (429)', 429, null, 'kept'],
    ['a server error (500)', 500, { code: 0, msg: SERVER_MESSAGES.serverError }, 'kept'],
    ['a bad gateway (502)', 502, null, 'kept'],
    ['the key still in flight', 200, { code: 0, msg: SERVER_MESSAGES.requestInProgress }, 'kept'],
    ['a 200 that is not an envelope (a portal page)', 200, null, 'kept'],
  ])('%s → %s', (_name, status, body, kind) => {
    expect(judge(status, body).kind).toBe(kind)
  })

  test('no answer at all is kept, and marked as unreachable', () => {
    expect(judge(null, null)).toEqual({ kind: 'kept', message: 'network', network: true })
  })

  test('code -3 is kept for a page to ask the password (the worker cannot): marked reauth, not unreachable', () => {
    expect(judge(200, { code: -3, msg: SERVER_MESSAGES.reauthRequired, data: null }))
      .toEqual({ kind: 'kept', message: SERVER_MESSAGES.reauthRequired, network: false, reauth: true })
    expect(judge(200, { code: -2, msg: SERVER_MESSAGES.sessionExpired })).not.toHaveProperty('reauth')
  })

  test('a proxy with no server behind it (502, 503, 504) is unreachable too, so sync tries again', () => {
    for (const status of [502, 503, 504]) expect(judge(status, null)).toEqual({ kind: 'kept', message: 'network', network: true })
    expect(judge(500, { code: 0, msg: SERVER_MESSAGES.serverError })).toMatchObject({ kind: 'kept', network: false })
  })
})

describe('flushOutbox', () => {
  test('sends each due entry with its key and token, form-encoded, and applies the rule', async () => {
    const ok = entry()
    const refused = entry({ body: { amount: '999999', currency: 'USDT', type: '1' } })
    const down = entry()
    const expired = entry()
    await db.entries.bulkPut([ok, refused, down, expired])
    const seen: Array<{ key: string | null; token: string | null; body: string }> = []
    const answers: Record<string, () => Response> = {
      [ok.key]: () => json(200, { code: 1, msg: 'success', data: null }),
      [refused.key]: () => json(200, { code: 0, msg: SERVER_MESSAGES.insufficientBalance, data: null }),
      [down.key]: () => json(503, null),
      [expired.key]: () => json(200, { code: -2, msg: SERVER_MESSAGES.sessionExpired, data: null }),
    }
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers)
      const key = headers.get('idempotency-key')
      seen.push({ key, token: headers.get('access-token'), body: String(init?.body) })
      return answers[key ?? '']!()
    }
    const changes: string[] = []
    const report = await flushOutbox({ db, fetch, notify: (change) => changes.push(`${change.id}:${change.outcome}`) })

    // The 503 counts as unreachable (no server behind the proxy): a sync event fails and comes again.
    expect(report).toEqual({ sent: 1, refused: 1, kept: 2, unreachable: 1 })
    expect(seen.map((call) => call.key)).toEqual([ok.key, refused.key, down.key, expired.key])
    expect(seen[0]).toEqual({ key: ok.key, token: 'old-token', body: 'amount=5&currency=USDT&type=1' })
    expect(changes).toEqual([`${ok.key}:sent`, `${refused.key}:refused`, `${down.key}:kept`, `${expired.key}:kept`])
    expect(await db.entries.get(ok.key)).toBeUndefined()
    expect(await db.entries.get(refused.key)).toMatchObject({ state: 'refused', lastError: SERVER_MESSAGES.insufficientBalance, attempts: 1 })
    expect(await db.entries.get(down.key)).toMatchObject({ state: 'pending', attempts: 1 })
    expect(await db.entries.get(expired.key)).toMatchObject({ state: 'pending', lastError: SERVER_MESSAGES.sessionExpired })

    // A refused entry is never sent again; kept ones are, with the same key.
    seen.length = 0
    await flushOutbox({ db, fetch })
    expect(seen.map((call) => call.key)).toEqual([down.key, expired.key])
  })

  test('an entry answered code -3 stays pending, its change says reauth, and it goes out with the same key once confirmed', async () => {
    const queued = entry()
    await db.entries.put(queued)
    let confirmed = false
    const keys: Array<string | null> = []
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'))
      return confirmed ? json(200, { code: 1, msg: 'success', data: null }) : json(200, { code: -3, msg: SERVER_MESSAGES.reauthRequired, data: null })
    }
    const changes: unknown[] = []
    const report = await flushOutbox({ db, fetch, notify: (change) => changes.push(change) })
    expect(report).toEqual({ sent: 0, refused: 0, kept: 1, unreachable: 0 })
    expect(changes).toEqual([{ type: 'outbox-changed', id: queued.key, outcome: 'kept', message: SERVER_MESSAGES.reauthRequired, reauth: true }])
    expect(await db.entries.get(queued.key)).toMatchObject({ state: 'pending', attempts: 1, lastError: SERVER_MESSAGES.reauthRequired })
    confirmed = true
    await flushOutbox({ db, fetch })
    expect(await db.entries.get(queued.key)).toBeUndefined()
    expect(keys).toEqual([queued.key, queued.key])
  })

  test('a network error keeps the entry and counts as unreachable', async () => {
    const queued = entry()
    await db.entries.put(queued)
    const report = await flushOutbox({ db, fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
    expect(report).toEqual({ sent: 0, refused: 0, kept: 1, unreachable: 1 })
    expect(await db.entries.get(queued.key)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'network' })
  })

  test("a newer session of the same user replaces the token; another user's entries keep theirs", async () => {
    const mine = entry()
    const theirs = entry({ userId: '8', token: 'their-token' })
    await db.entries.bulkPut([mine, theirs])
    const tokens: Array<string | null> = []
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      tokens.push(new Headers(init?.headers).get('access-token'))
      return json(200, { code: -2, msg: SERVER_MESSAGES.sessionExpired })
    }
    await flushOutbox({ db, fetch, session: { userId: '7', token: 'new-token' } })
    expect(tokens).toEqual(['new-token', 'their-token'])
  })

  test('an entry the page is still sending itself (notBefore) waits', async () => {
    const held = entry({ notBefore: 10_000 })
    await db.entries.put(held)
    let calls = 0
    const fetch = async () => {
      calls++
      return json(200, { code: 1, msg: 'success', data: null })
    }
    await flushOutbox({ db, fetch, now: () => 5_000 })
    expect(calls).toBe(0)
    await flushOutbox({ db, fetch, now: () => 10_000 })
    expect(calls).toBe(1)
  })

  test('lost answers, replays and concurrent flushes still move the money once (server dedups by key)', async () => {
    const queued = [entry(), entry(), entry()]
    await db.entries.bulkPut(queued)
    // A server like ours: the first request of a key applies it; a replay answers the stored answer.
    const applied = new Map<string, number>()
    let dropNext = true
    let requests = 0
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests++
      const key = new Headers(init?.headers).get('idempotency-key') ?? ''
      if (!applied.has(key)) applied.set(key, applied.size + 1)
      // The first answer is lost after the commit (the connection drops).
      if (dropNext) {
        dropNext = false
        throw new TypeError('network connection was lost')
      }
      return json(200, { code: 1, msg: 'success', data: null })
    }
    const sent: string[] = []
    const notify = (change: { id: string; outcome: string }) => change.outcome === 'sent' && sent.push(change.id)
    // Three asked at once: one runs, one more is queued behind it (and replays the lost one).
    await Promise.all([flushOutbox({ db, fetch, notify }), flushOutbox({ db, fetch, notify }), flushOutbox({ db, fetch, notify })])
    expect(requests).toBe(4)
    expect(await db.entries.count()).toBe(0)
    await flushOutbox({ db, fetch, notify })
    expect(requests).toBe(4)
    expect(applied.size).toBe(3)
    // Each entry reported sent exactly once, whatever the number of flushes.
    expect(sent.toSorted()).toEqual(queued.map((item) => item.key).toSorted())
  })
})
