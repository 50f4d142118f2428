import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BB_OK, TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { KYC_STATUS, PARAM_NAMES, USER_PATHS } from '../../src/contract/user.ts'
import { DEMO_ACCOUNT, DEMO_BALANCES } from '../../server/seed.ts'
import { verifyLedger } from '../../server/ledger/verify.ts'
import { RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { startServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('demo account', () => {
  it('exists, logs in, and has its fund password set', async () => {
    const login = await server.post(USER_PATHS.login, { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })
    expect(login.json.code).toBe(BB_OK)
    const { userId, token } = login.json.data
    const info = await server.post(USER_PATHS.info, { userId }, { [TOKEN_HEADER]: token })
    expect(info.json.data).toMatchObject({ email: DEMO_ACCOUNT.email, assetsPwd: 1, auth: KYC_STATUS.verified })
  })

  it('has its balances, each from a balanced ledger entry with a credit record', async () => {
    const { balances, entries, records, differences } = await server.withDb(async (db) => ({
      balances: await db.all('SELECT account_type, currency, available, frozen FROM balances ORDER BY account_type, currency'),
      entries: await db.all('SELECT kind FROM ledger_entries ORDER BY id'),
      records: await db.all('SELECT account_type, trade_type, currency, amount, status FROM asset_records ORDER BY id'),
      differences: await verifyLedger(db),
    }))
    expect(balances.map((row) => ({ ...row }))).toEqual([
      { account_type: 1, currency: 'BTC', available: '0.5', frozen: '0' },
      { account_type: 1, currency: 'ETH', available: '5', frozen: '0' },
      // The ended demo launch project's allocation, locked (server/launch/seed-projects.ts).
      { account_type: 1, currency: 'TERRA', available: '0', frozen: '5000' },
      { account_type: 1, currency: 'USDT', available: '10000', frozen: '0' },
      { account_type: 2, currency: 'USDT', available: '1000', frozen: '0' },
    ])
    expect(entries.map((row) => row.kind)).toEqual(['seed', 'seed', 'seed', 'seed', 'seed', 'launch_subscribe', 'launch_allocate'])
    // The launch subscription's own USDT credit, its subscription and its allocation follow.
    expect(records.slice(4).map((row) => [row.trade_type, row.currency, row.amount])).toEqual([
      [RECORD_TYPES.credit, 'USDT', '500'],
      [RECORD_TYPES.launch, 'USDT', '-500'],
      [RECORD_TYPES.launch, 'TERRA', '5000'],
    ])
    expect(records.slice(0, 4).map((row) => ({ ...row }))).toEqual(
      DEMO_BALANCES.map(({ accountType, currency, amount }) => ({
        account_type: accountType,
        trade_type: RECORD_TYPES.credit,
        currency,
        amount,
        status: RECORD_STATUS.finished,
      })),
    )
    expect(differences).toEqual([])
  })
})

describe('system parameters', () => {
  it('answers each public parameter by name', async () => {
    const expected = {
      [PARAM_NAMES.customerServiceEmail]: 'support@exchange.local',
      [PARAM_NAMES.customerServiceWs]: 'https://chat.exchange.local/support',
      [PARAM_NAMES.contractSecondFeeRate]: '0',
    }
    for (const [paramName, valueName] of Object.entries(expected)) {
      const answer = await server.post(USER_PATHS.getParam, { paramName })
      expect(answer.json).toEqual({ code: BB_OK, msg: SERVER_MESSAGES.ok, data: { paramName, valueName } })
    }
  })

  it('reads the body exactly as the app sends it (URLSearchParams, charset=UTF-8) and as JSON', async () => {
    const fromApp = await fetch(server.url + USER_PATHS.getParam, {
      method: 'POST',
      body: new URLSearchParams({ paramName: PARAM_NAMES.customerServiceEmail }),
    })
    expect((await fromApp.json()).data.valueName).toBe('support@exchange.local')
    const json = await server.postRaw(USER_PATHS.getParam, JSON.stringify({ paramName: PARAM_NAMES.contractSecondFeeRate }), {
      'content-type': 'application/json; charset=utf-8',
    })
    expect(json.json.data.valueName).toBe('0')
  })

  it('answers unknownParam for a name it does not have', async () => {
    const answer = await server.post(USER_PATHS.getParam, { paramName: 'admin_password' })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ code: 0, msg: SERVER_MESSAGES.unknownParam, data: null })
  })

  it('lists parameters by name prefix, literally', async () => {
    const some = await server.get(`${USER_PATHS.getParamList}?keyName=customer_service`)
    expect(some.json.code).toBe(BB_OK)
    expect(some.json.data.map((p: { paramName: string }) => p.paramName)).toEqual([
      PARAM_NAMES.customerServiceEmail,
      PARAM_NAMES.customerServiceWs,
    ])
    // Every public parameter, the engines' fee rates included, and no private one.
    const all = await server.get(USER_PATHS.getParamList)
    const publicNames = await server.withDb(async (db) => (await db.all('SELECT name FROM params WHERE public = 1 ORDER BY name')).map((row) => row.name))
    expect(all.json.data.map((p: { paramName: string }) => p.paramName)).toEqual(publicNames)
    expect(publicNames).toEqual(expect.arrayContaining(['contract_open_fee_rate', 'contract_close_fee_rate', 'spot_maker_fee_rate']))
    expect(publicNames).not.toContain('exchange_fee_rate')
    const wildcard = await server.get(`${USER_PATHS.getParamList}?keyName=%25`)
    expect(wildcard.json.data).toEqual([])
  })
})
