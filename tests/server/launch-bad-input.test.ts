// Bad launchpad requests: each refused with its message (HTTP 200, code 0) or as malformed (HTTP
// 400), never a 5xx, and nothing changes — balances, ledger, records, projects and subscriptions
// are compared before and after the battery. Also the operator's `launch` commands: a bad JSON file
// is refused with a clear error, create/list/cancel work through the real CLI, and verify stays clean.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_EXPIRED } from '../../src/contract/envelopes.ts'
import { LAUNCH_PATHS, PLATFORM_WHITE_PAPER_PATH } from '../../src/contract/launch.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { admin as adminOn } from './admin-cli.ts'
import { type Funded, snapshot, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { addProject, ok, spot, subscribeCall, subscriber } from './launch-support.ts'

const M = SERVER_MESSAGES
let server: TestServer
let user: Funded
let project: { id: string; joinStart: number }
let subscriptionId: string

const state = async () => ({
  ...(await snapshot(server)),
  launch: await withDb(server, async (db) => [await db.all('SELECT * FROM launch_projects ORDER BY id'), await db.all('SELECT * FROM launch_subscriptions ORDER BY id')].map((rows) => rows.map((row) => ({ ...row })))),
})

beforeAll(async () => {
  server = await startServer()
  project = await addProject(server, { joinStart: server.clock.now - 1000, warmupStart: server.clock.now - 2000 })
  user = await subscriber(server, 'bad@launch.test', '10')
  subscriptionId = (await ok(subscribeCall(server, user, project.id, '2'))).id
})
afterAll(() => server.close())

type Case = [label: string, path: string, fields: Record<string, string>, expected: string | 400]

describe('bad input', () => {
  it('is refused with its message, zero 5xx, nothing changed', async () => {
    const before = await state()
    const base = { id: project.id, quantity: '1', tradePassword: '246810' }
    const cases: Case[] = [
      ...['', ' ', 'abc', '-1', '1e3', '0x10', '1.2.3', 'NaN', 'Infinity', '１'].map((quantity): Case => [`quantity ${quantity}`, LAUNCH_PATHS.subscribe, { ...base, quantity }, quantity.trim() === '' ? 400 : M.invalidAmount]),
      ['quantity 0', LAUNCH_PATHS.subscribe, { ...base, quantity: '0' }, M.amountNotPositive],
      ['quantity 0.000', LAUNCH_PATHS.subscribe, { ...base, quantity: '0.000' }, M.amountNotPositive],
      ['quantity too precise', LAUNCH_PATHS.subscribe, { ...base, quantity: '1.001' }, M.launchTooPrecise],
      ['quantity 9 decimals', LAUNCH_PATHS.subscribe, { ...base, quantity: '1.000000001' }, M.launchTooPrecise],
      ['quantity huge', LAUNCH_PATHS.subscribe, { ...base, quantity: '999999999999999' }, M.launchAboveMaximum],
      ['below minimum', LAUNCH_PATHS.subscribe, { ...base, quantity: '0.5' }, M.amountBelowMinimum],
      ['above maximum', LAUNCH_PATHS.subscribe, { ...base, quantity: '81' }, M.launchAboveMaximum],
      ['too expensive', LAUNCH_PATHS.subscribe, { ...base, quantity: '19' }, M.insufficientBalance],
      ['wrong password', LAUNCH_PATHS.subscribe, { ...base, tradePassword: '000000' }, M.passwordIncorrect],
      ...['0', '-1', 'x', '1.5', '99999', '1e2', '00001x'].map((id): Case => [`project ${id}`, LAUNCH_PATHS.subscribe, { ...base, id }, M.launchProjectNotFound]),
      ['no id', LAUNCH_PATHS.subscribe, { quantity: '1', tradePassword: '246810' }, 400],
      ['no password', LAUNCH_PATHS.subscribe, { id: project.id, quantity: '1' }, 400],
      ['sell the demo user’s', LAUNCH_PATHS.sell, { id: '1', quantity: '1', tradePassword: '246810' }, M.launchSubscriptionNotFound],
      ['sell pending', LAUNCH_PATHS.sell, { id: subscriptionId, quantity: '1', tradePassword: '246810' }, M.launchNotSellable],
      ['sell unknown', LAUNCH_PATHS.sell, { id: '424242', quantity: '1', tradePassword: '246810' }, M.launchSubscriptionNotFound],
      ['sell bad quantity', LAUNCH_PATHS.sell, { id: subscriptionId, quantity: '-3', tradePassword: '246810' }, M.invalidAmount],
      ['detail unknown', LAUNCH_PATHS.detail, { id: '77' }, M.launchProjectNotFound],
      ['detail no id', LAUNCH_PATHS.detail, {}, 400],
      ['list bad phase', LAUNCH_PATHS.list, { phase: 'soon' }, 400],
      ['list bad page', LAUNCH_PATHS.list, { pageNo: '0' }, 400],
      ['list huge page size', LAUNCH_PATHS.list, { pageSize: '51' }, 400],
      ['mine bad page', LAUNCH_PATHS.mine, { pageNo: '-1' }, 400],
      ['mine bad project', LAUNCH_PATHS.mine, { projectId: 'x' }, M.launchProjectNotFound],
    ]
    for (const [label, path, fields, expected] of cases) {
      const answer = await server.post(path, fields, user.headers)
      expect(answer.status, label).toBeLessThan(500)
      if (expected === 400) expect([answer.status, answer.json?.code], label).toEqual([400, 0])
      else expect([answer.json?.code, answer.json?.msg], label).toEqual([0, expected])
    }
    // Bodies that are not forms, and the public GETs with bad ids.
    for (const body of ['{', '[]', '{"id":{"a":1}}', 'null', '"x"', '{"quantity":[1]}']) {
      const answer = await server.postRaw(LAUNCH_PATHS.subscribe, body, { 'content-type': 'application/json', ...user.headers })
      expect(answer.status, body).toBeLessThan(500)
      expect(answer.json?.code, body).not.toBe(1)
    }
    for (const query of ['', '?id=', '?id=0', '?id=abc', '?id=99999', '?id=1&id=2', '?id=%00']) {
      for (const path of [LAUNCH_PATHS.paper, LAUNCH_PATHS.logo]) {
        const answer = await server.get(path + query)
        expect(answer.status, path + query).toBe(400)
      }
    }
    // No session: code -2.
    expect((await server.post(LAUNCH_PATHS.subscribe, base)).json.code).toBe(SESSION_EXPIRED)
    expect((await server.post(LAUNCH_PATHS.mine, {})).json.code).toBe(SESSION_EXPIRED)
    expect(await state()).toEqual({ ...before, differences: [] })
    expect(await withDb(server, async (db) => await spot(db, user.userId, 'USDT'))).toEqual({ available: '9', frozen: '1' })
  })

  it('serves the white papers as nosniff PDFs', async () => {
    for (const path of [`${LAUNCH_PATHS.paper}?id=${project.id}`, PLATFORM_WHITE_PAPER_PATH]) {
      const answer = await fetch(server.url + path)
      const bytes = new Uint8Array(await answer.arrayBuffer())
      expect(answer.headers.get('content-type')).toBe('application/pdf')
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
      // Several pages, read back by a PDF parser.
      expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(3)
    }
  })
})

const admin = (...args: string[]) => adminOn(server, ...args)

describe('admin launch commands', () => {
  it('create checks the file, list shows the projects, cancel refunds, verify is clean', async () => {
    const file = join(server.dataDir, 'project.json')
    const good = {
      symbol: 'ADMN', name: 'Admin Coin', price: '0.25', forSale: '1000', minPerUser: '1', maxPerUser: '100', precision: 2,
      warmupStart: new Date(Date.now() - 60_000).toISOString(), joinStart: new Date(Date.now() - 30_000).toISOString(), joinEnd: new Date(Date.now() + 86_400_000).toISOString(), lockDays: 7,
      descriptions: { 'en-US': 'Admin', 'zh-CN': '管理', ko: '관리', ja: '管理' },
    }
    for (const [bad, error] of [
      [{ ...good, symbol: 'usdt' }, 'symbol'],
      [{ ...good, symbol: 'BTC' }, 'already a coin'],
      [{ ...good, price: '0.0000001' }, 'price'],
      [{ ...good, maxPerUser: '5000' }, 'maxPerUser must not exceed forSale'],
      [{ ...good, joinEnd: good.warmupStart }, 'joinStart < joinEnd'],
      [{ ...good, descriptions: { 'en-US': 'x' } }, 'descriptions.zh-CN'],
    ] as const) {
      writeFileSync(file, JSON.stringify(bad))
      const run = await admin('launch', 'create', file)
      expect([run.code, run.stderr.includes(error)], JSON.stringify(bad)).toEqual([1, true])
    }
    writeFileSync(file, '{ not json')
    expect((await admin('launch', 'create', file)).code).toBe(1)
    writeFileSync(file, JSON.stringify(good))
    const created = await admin('launch', 'create', file)
    expect(created.stdout).toMatch(/project \d+ ADMN created/)
    const id = /project (\d+)/.exec(created.stdout)?.[1] ?? ''
    expect((await admin('launch', 'create', file)).stderr).toContain('already exists')
    const carol = await subscriber(server, 'carol@launch.test', '10')
    server.clock.now = Date.now()
    await ok(subscribeCall(server, carol, id, '4'))
    expect((await admin('launch', 'list')).stdout).toContain('ADMN\tjoining\t4/1000\t1 subscribers')
    expect((await admin('launch', 'cancel', id)).stdout).toContain('cancelled')
    expect((await admin('launch', 'cancel', id)).code).toBe(1)
    expect(await withDb(server, async (db) => await spot(db, carol.userId, 'USDT'))).toEqual({ available: '10', frozen: '0' })
    expect((await admin('launch')).code).toBe(2)
    expect((await admin('verify')).code).toBe(0)
  })
})
