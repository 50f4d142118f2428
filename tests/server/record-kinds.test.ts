// Asset records as data (migration 017): every kind's English summary reads back as the same kind
// and parameters (so the migration's reader and the writers cannot drift apart), and a database
// holding records of the release before kinds is migrated into them — a leveraged position's
// records tied to it, a sentence the server never wrote kept as it was.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RecordDescription, RECORD_TYPES } from '../../src/contract/assets.ts'
import { MIGRATIONS_DIR, migrate } from '../../server/db/migrate.ts'
import type { Database } from '../../server/db/database.ts'
import { insertPosition } from '../../server/contracts/positions.ts'
import { describeInfo, englishInfo } from '../../server/ledger/record-texts.ts'
import { freshDatabase, openTestDatabase, TEST_ENGINE } from './test-database.ts'

const naming = { positionId: '12', symbol: 'BTC/USDT', direction: 'long', leverage: '10' } as const
const UNLOCK = Date.UTC(2026, 11, 26, 3, 29, 35, 661)

/** One of each kind, with the record type it is written under. */
const SAMPLES: Array<[number, RecordDescription]> = [
  [RECORD_TYPES.credit, { kind: 'demoCredit', params: {} }],
  [RECORD_TYPES.credit, { kind: 'demoLaunchCredit', params: {} }],
  [RECORD_TYPES.credit, { kind: 'operatorCredit', params: {} }],
  [RECORD_TYPES.credit, { kind: 'demoRemoved', params: {} }],
  [RECORD_TYPES.deposit, { kind: 'deposit', params: { chain: 'TRC20', address: 'TXabc123' } }],
  [RECORD_TYPES.deposit, { kind: 'deposit', params: { chain: 'BTC', address: 'bc1qxyz', reason: 'No such transfer · on chain' } }],
  [RECORD_TYPES.withdrawal, { kind: 'withdrawal', params: { chain: 'ERC20', address: '0xabc', reason: 'Address flagged' } }],
  [RECORD_TYPES.exchange, { kind: 'exchange', params: { from: 'BTC', to: 'USDT', rate: '85900.12', fee: '1.718', feeRate: '0.002' } }],
  [RECORD_TYPES.contract, { kind: 'secondsOrder', params: { orderId: '7', symbol: 'BTC/USDT', direction: 'down', seconds: '30', price: '85900.1' } }],
  [RECORD_TYPES.contract, { kind: 'secondsSettled', params: { orderId: '7', symbol: 'BTC/USDT', openPrice: '85900.1', settlePrice: '85901', profit: '8.5' } }],
  [RECORD_TYPES.contract, { kind: 'secondsSettled', params: { orderId: '8', symbol: 'ETH/USDT', openPrice: '3000', settlePrice: '2999', profit: '-10' } }],
  [RECORD_TYPES.contract, { kind: 'secondsSettled', params: { orderId: '9', symbol: 'ETH/USDT', openPrice: '3000', settlePrice: '3000', profit: '0' } }],
  [RECORD_TYPES.contract, { kind: 'secondsVoid', params: { orderId: '7', symbol: 'BTC/USDT' } }],
  [RECORD_TYPES.spot, { kind: 'spotFill', params: { orderId: '3', symbol: 'ETH/USDT', side: 'buy', quantity: '0.5', price: '3000.01', role: 'taker' } }],
  [RECORD_TYPES.spot, { kind: 'spotFill', params: { orderId: '4', symbol: 'DOGE/USDT', side: 'sell', quantity: '100', price: '0.08123', role: 'maker' } }],
  [RECORD_TYPES.futures, { kind: 'futuresOpen', params: { ...naming, quantity: '0.01', entryType: 'market', price: '60000', margin: '60' } }],
  [RECORD_TYPES.futures, { kind: 'futuresOpen', params: { ...naming, direction: 'short', quantity: '0.01', entryType: 'limit', price: '61000.5', margin: '61.0005' } }],
  [RECORD_TYPES.futures, { kind: 'futuresEntered', params: { ...naming, quantity: '0.01', price: '61000.5' } }],
  [RECORD_TYPES.futures, { kind: 'futuresClose', params: { ...naming, reason: 'user', quantity: '0.005', holding: '0.01', price: '60100', pnl: '0.5' } }],
  [RECORD_TYPES.futures, { kind: 'futuresClose', params: { ...naming, reason: 'stopLoss', quantity: '0.01', holding: '0.01', price: '59000', pnl: '-10' } }],
  [RECORD_TYPES.futures, { kind: 'futuresClose', params: { ...naming, reason: 'takeProfit', quantity: '0.01', holding: '0.01', price: '62000', pnl: '20' } }],
  [RECORD_TYPES.futures, { kind: 'futuresLiquidated', params: { ...naming, quantity: '0.01', price: '54271.36', margin: '60' } }],
  [RECORD_TYPES.futures, { kind: 'futuresCancelled', params: { ...naming, quantity: '0.01', price: '59000', returned: '59.0295' } }],
  [RECORD_TYPES.futures, { kind: 'futuresMargin', params: { ...naming, amount: '10', margin: '70' } }],
  [RECORD_TYPES.launch, { kind: 'launchSubscribe', params: { quantity: '500', symbol: 'LUMEN', price: '0.2' } }],
  [RECORD_TYPES.launch, { kind: 'launchAllocated', params: { quantity: '250', symbol: 'LUMEN', unlockAt: String(UNLOCK) } }],
  [RECORD_TYPES.launch, { kind: 'launchRefund', params: { symbol: 'LUMEN' } }],
  [RECORD_TYPES.launch, { kind: 'launchCancelled', params: { symbol: 'LUMEN' } }],
  [RECORD_TYPES.launch, { kind: 'launchUnlocked', params: { quantity: '250', symbol: 'LUMEN' } }],
  [RECORD_TYPES.launch, { kind: 'launchSold', params: { quantity: '100', symbol: 'LUMEN', price: '0.2', burn: '0.1', stakers: '0.1' } }],
]

describe('the English summary of a record', () => {
  it.each(SAMPLES.map(([type, what]) => [what.kind, type, what] as const))('reads back as the same %s', (_kind, type, what) => {
    expect(describeInfo(type, englishInfo(what))).toEqual(what)
  })

  it('is the sentence the server wrote before kinds', () => {
    expect(englishInfo(SAMPLES[18]![1])).toBe('#12 BTC/USDT long 10× closed 0.005 of 0.01 @ 60100, P/L +0.5')
    expect(englishInfo(SAMPLES[25]![1])).toBe('allocated 250 LUMEN, locked until 2026-12-26T03:29:35.661Z')
    expect(englishInfo(SAMPLES[9]![1])).toBe('#7 BTC/USDT 85900.1 → 85901, profit +8.5')
  })

  it('is not guessed at when it is none the server wrote', () => {
    expect(describeInfo(RECORD_TYPES.credit, 'test')).toBeUndefined()
    expect(describeInfo(RECORD_TYPES.futures, '#12 BTC/USDT long 10× closed some of it')).toBeUndefined()
    expect(describeInfo(RECORD_TYPES.deposit, 'a reason alone')).toBeUndefined()
  })
})

describe('migration 017', () => {
  let dir: string
  let db: Database
  let drop: () => Promise<void>
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'record-kinds-'))
    const location = await freshDatabase(dir)
    drop = location.drop
    db = openTestDatabase(location)
  })
  afterAll(async () => {
    await db.close()
    await drop()
    rmSync(dir, { recursive: true, force: true })
  })

  it(`converts the English records of the release before it into kinds and parameters (${TEST_ENGINE})`, async () => {
    // The database as the release before kinds left it: migrated to 016, with records of its texts.
    const before = join(dir, 'migrations-016')
    cpSync(join(MIGRATIONS_DIR, db.engine), before, { recursive: true })
    for (const name of readdirSync(before)) if (Number(name.slice(0, 3)) > 16) rmSync(join(before, name))
    await migrate(db, before)
    const userId = await db.insert(`INSERT INTO users (uid, email, password_hash, invitation_code, created_at) VALUES ('30000001', 'old@records.test', 'h', 'T30000001', 0)`)
    const position = await insertPosition(db, {
      userId, symbol: 'btcusdt', base: 'BTC', quote: 'USDT', direction: 1, leverage: 10, entryType: 1, limitPrice: null, limitTicks: null,
      quantity: '0.005', openedQuantity: '0.01', entryPrice: '60000', entryTicks: 6_000_000, margin: '30', mmr: '0.005',
      liquidationTicks: null, stopLossTicks: null, takeProfitTicks: null, openFee: '0.3', status: 2, watchFrom: 1, recordId: null, createdAt: 1, openedAt: 1,
    })
    const id = String(position.id)
    const texts: Array<[number, string]> = [
      [RECORD_TYPES.futures, `#${id} BTC/USDT long 10× 0.01 opened @ 60000, margin 60`],
      [RECORD_TYPES.futures, `#${id} BTC/USDT long 10× closed 0.005 of 0.01 @ 60100, P/L +0.5`],
      [RECORD_TYPES.launch, 'allocated 250 LUMEN, locked until 2026-12-26T03:29:35.661Z'],
      [RECORD_TYPES.deposit, 'TRC20 TXabc123 · No such transfer on chain'],
      [RECORD_TYPES.credit, 'words of an operator by SQL'],
    ]
    for (const [type, info] of texts) {
      await db.run(`INSERT INTO asset_records (user_id, account_type, trade_type, currency, amount, actual_arrival, status, info, created_at, updated_at)
         VALUES (?, 2, ?, 'USDT', '1', '1', 1, ?, 5, 5)`, userId, type, info)
    }
    expect(await migrate(db)).toContain('017_record_kinds.sql')
    const rows = await db.all('SELECT kind, params, position_id, info FROM asset_records ORDER BY id')
    expect(rows.map((row) => [row.kind, JSON.parse(String(row.params)), row.position_id === null ? null : Number(row.position_id), row.info])).toEqual([
      ['futuresOpen', { ...naming, positionId: id, quantity: '0.01', entryType: 'market', price: '60000', margin: '60' }, position.id, texts[0]![1]],
      ['futuresClose', { ...naming, positionId: id, reason: 'user', quantity: '0.005', holding: '0.01', price: '60100', pnl: '0.5' }, position.id, texts[1]![1]],
      ['launchAllocated', { quantity: '250', symbol: 'LUMEN', unlockAt: String(UNLOCK) }, null, texts[2]![1]],
      ['deposit', { chain: 'TRC20', address: 'TXabc123', reason: 'No such transfer on chain' }, null, texts[3]![1]],
      ['', {}, null, 'words of an operator by SQL'],
    ])
  })
})
