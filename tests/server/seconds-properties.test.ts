// Property-based: random sequences of seconds orders (good and refused), clock advances with
// settlement passes (run twice, as racing schedulers would), and credits, applied by the real
// services to a fresh database and to a plain model that prices with the feed. After every step
// the contract balances equal the model and are never negative, the journal is consistent
// (verifyLedger), every currency sums to zero across users and system accounts, and once all
// orders are settled nothing stays frozen.
import { BigNumber } from 'bignumber.js'
import * as fc from 'fast-check'
import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { AppContext } from '../../server/context.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import { creditFromOutside } from '../../server/ledger/operations.ts'
import { systemTotals, verifyLedger } from '../../server/ledger/verify.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import { createOrder } from '../../server/seconds/open-order.ts'
import { secondsPrices } from '../../server/seconds/prices.ts'
import { createSettlement } from '../../server/seconds/scheduler.ts'
import { openLedgerDb } from './ledger-db.ts'
import { moveOf, priceAt } from './seconds-support.ts'
import { unkeyed } from '../../server/assets/idempotency.ts'
import { propertyRuns } from './test-database.ts'

const FEE_RATE = '0.003'
const RATES: Record<number, string> = { 5: '0.8', 30: '0.8', 60: '0.85' }
const MINIMUM: Record<number, string> = { 5: '10', 30: '10', 60: '10' }
const quiet = { error: () => {}, info: () => {} } as unknown as FastifyBaseLogger

const cents = fc.integer({ min: 1, max: 5_000_000_000 }).map((n) => new BigNumber(n).shiftedBy(-8).toFixed())
const command = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('place' as const),
      user: fc.constantFrom(0, 1),
      base: fc.constantFrom('BTC', 'ETH', 'DOGE'),
      seconds: fc.constantFrom(5, 30, 60),
      tradeType: fc.constantFrom('1', '2'),
      amount: fc.oneof(cents, fc.integer({ min: 1, max: 400 }).map(String)),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ op: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 70 }) }), weight: 3 },
  fc.record({ op: fc.constant('credit' as const), user: fc.constantFrom(0, 1), amount: cents }),
)

const STATS = { placed: 0, refused: 0, settled: 0 }
const RUNS = propertyRuns(120)
interface OpenOrder { user: number; symbol: string; tradeType: string; amount: string; seconds: number; openAt: number }

describe('seconds orders and settlements', () => {
  // Each run migrates a fresh database: on PostgreSQL that alone takes a good part of a second.
  it('keep balances and journal consistent and never negative', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 40 }), async (commands) => {
        const ledger = await openLedgerDb()
        try {
          let clock = 1_800_000_000_000
          const ctx = { db: ledger.db, config: { ...DEFAULT_CONFIG, secondsExtraDuration: 5 }, now: () => clock, log: quiet } as unknown as AppContext
          await ledger.db.run('UPDATE params SET value = ? WHERE name = ?', FEE_RATE, 'contract_second_fee_rate')
          const prices = secondsPrices(createSimSource(DEFAULT_CONFIG.marketSeed, () => clock))
          const schedulers = [createSettlement(ctx, prices), createSettlement(ctx, prices)]
          const users = [await ledger.addUser('a@prop.test'), await ledger.addUser('b@prop.test')]
          for (const userId of users) {
            await creditFromOutside(ledger.db, { userId, accountType: 2, currency: 'USDT', amount: '300', kind: 'credit', memo: '', now: clock })
          }
          const model = users.map(() => ({ available: new BigNumber(300), frozen: new BigNumber(0) }))
          let open: OpenOrder[] = []

          const settleModel = () => {
            const still: OpenOrder[] = []
            for (const order of open) {
              const due = order.openAt + order.seconds * 1000
              if (due > clock) {
                still.push(order)
                continue
              }
              const move = moveOf(priceAt(order.symbol, order.openAt), priceAt(order.symbol, due))
              STATS.settled += 1
              const account = model[order.user]
              if (!account) throw new Error('no such user')
              account.frozen = account.frozen.minus(order.amount)
              if (move === 'flat') account.available = account.available.plus(order.amount)
              else if ((move === 'up') === (order.tradeType === '1')) {
                const payout = new BigNumber(order.amount).times(RATES[order.seconds] ?? 'NaN').decimalPlaces(8, BigNumber.ROUND_DOWN)
                account.available = account.available.plus(order.amount).plus(payout)
              }
            }
            open = still
          }

          for (const c of commands) {
            const account = model[c.op === 'advance' ? 0 : c.user]
            if (!account) throw new Error('no such user')
            if (c.op === 'credit') {
              await creditFromOutside(ledger.db, { userId: users[c.user] ?? 0, accountType: 2, currency: 'USDT', amount: c.amount, kind: 'credit', memo: '', now: clock })
              account.available = account.available.plus(c.amount)
            } else if (c.op === 'advance') {
              clock += c.seconds * 1000
              await Promise.all(schedulers.map((scheduler) => scheduler.pass()))
              settleModel()
            } else {
              const fields = { openAmount: c.amount, baseCoin: c.base, quoteCoin: 'USDT', positionTime: String(c.seconds), tradeType: c.tradeType }
              const answer = await createOrder(ctx, prices, unkeyed(users[c.user] ?? 0), fields)
              const fee = new BigNumber(c.amount).times(FEE_RATE).decimalPlaces(8, BigNumber.ROUND_DOWN)
              const affordable = account.available.isGreaterThanOrEqualTo(fee.plus(c.amount))
              const allowed = new BigNumber(c.amount).isGreaterThanOrEqualTo(MINIMUM[c.seconds] ?? 'NaN')
              expect(answer.code, JSON.stringify(answer)).toBe(allowed && affordable ? 1 : 0)
              STATS.placed += answer.code === 1 ? 1 : 0
              STATS.refused += answer.code === 1 ? 0 : 1
              if (answer.code === 1) {
                account.available = account.available.minus(fee).minus(c.amount)
                account.frozen = account.frozen.plus(c.amount)
                open.push({ user: c.user, symbol: `${c.base.toLowerCase()}usdt`, tradeType: c.tradeType, amount: c.amount, seconds: c.seconds, openAt: clock })
              }
            }
            for (const [i, userId] of users.entries()) {
              const stored = await ledger.balance(userId, 2, 'USDT')
              expect(stored.available).toBe(model[i]?.available.toFixed())
              expect(stored.frozen).toBe(model[i]?.frozen.toFixed())
              expect(new BigNumber(stored.available).isNegative() || new BigNumber(stored.frozen).isNegative()).toBe(false)
            }
            expect(await verifyLedger(ledger.db)).toEqual([])
          }

          // Everything settles in the end; user buckets and system accounts sum to zero.
          clock += 61_000
          await schedulers[0]?.pass()
          settleModel()
          expect(open).toEqual([])
          const totals = await systemTotals(ledger.db)
          let sum = new BigNumber(0)
          for (const [i, userId] of users.entries()) {
            const stored = await ledger.balance(userId, 2, 'USDT')
            expect(stored.frozen).toBe('0')
            expect(stored.available).toBe(model[i]?.available.toFixed())
            sum = sum.plus(stored.available)
          }
          for (const [key, value] of totals) if (key.endsWith(':USDT')) sum = sum.plus(value)
          expect(sum.toFixed()).toBe('0')
        } finally {
          await ledger.close()
        }
      }),
      { numRuns: RUNS },
    )
    // The runs really placed, refused and settled orders (else the property would be vacuous).
    expect(STATS.placed, JSON.stringify(STATS)).toBeGreaterThan(RUNS)
    expect(STATS.refused, JSON.stringify(STATS)).toBeGreaterThan(RUNS / 4)
    expect(STATS.settled).toBe(STATS.placed)
  })
})
