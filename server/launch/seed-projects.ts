// The demo projects of a first start (server/seed.ts), relative to that instant so every screen
// shows something real: one in warm-up (joining opens in 2 days), one joining now (ends in 7 days),
// one ended a day ago with the demo user's allocation locked for 30 days. Their white papers are
// drawn on first request (papers.ts), so seeding stays fast.
import type { Database } from '../db/database.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { freezeSubscription } from '../ledger/launch-operations.ts'
import { creditWithRecord } from '../ledger/operator-credit.ts'
import { insertRecord } from '../ledger/records.ts'
import { insertProject, type ProjectInput } from './create.ts'
import { costOf } from './logic.ts'
import { allocateProject } from './pass.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

type Demo = Omit<ProjectInput, 'warmupStart' | 'joinStart' | 'joinEnd'> & { offsets: [number, number, number] }

export const DEMO_PROJECTS: readonly Demo[] = [
  {
    symbol: 'ORBIT', name: 'Orbit Network', price: '0.05', forSale: '2000000', minPerUser: '100', maxPerUser: '50000', precision: 2, lockDays: 30,
    offsets: [-DAY, 2 * DAY, 9 * DAY],
    descriptions: {
      'en-US': 'Orbit Network connects satellites and ground stations into one open data market, paid in ORBIT.',
      'zh-CN': 'Orbit Network 将卫星与地面站连接成一个开放的数据市场，以 ORBIT 支付。',
      ko: 'Orbit Network는 위성과 지상국을 하나의 개방형 데이터 시장으로 연결하며, ORBIT로 결제합니다.',
      ja: 'Orbit Network は衛星と地上局をひとつのオープンなデータ市場につなぎ、ORBIT で支払います。',
    },
  },
  {
    symbol: 'LUMEN', name: 'Lumen Grid', price: '0.2', forSale: '500000', minPerUser: '10', maxPerUser: '20000', precision: 2, lockDays: 30,
    offsets: [-3 * DAY, -DAY, 7 * DAY],
    descriptions: {
      'en-US': 'Lumen Grid lets neighbours trade rooftop solar power with each other, settled every hour in LUMEN.',
      'zh-CN': 'Lumen Grid 让邻里之间买卖屋顶太阳能电力，每小时以 LUMEN 结算。',
      ko: 'Lumen Grid는 이웃끼리 지붕 태양광 전력을 거래하게 하며, 매시간 LUMEN으로 정산합니다.',
      ja: 'Lumen Grid は近隣どうしで屋根の太陽光電力を売買でき、1 時間ごとに LUMEN で決済します。',
    },
  },
  {
    symbol: 'TERRA', name: 'Terra Seed', price: '0.1', forSale: '1000000', minPerUser: '100', maxPerUser: '100000', precision: 2, lockDays: 30,
    offsets: [-12 * DAY, -8 * DAY, -DAY],
    descriptions: {
      'en-US': 'Terra Seed funds regenerative farms: each TERRA tracks a verified square metre of restored soil.',
      'zh-CN': 'Terra Seed 资助再生农场：每个 TERRA 对应一平方米经核实的修复土壤。',
      ko: 'Terra Seed는 재생 농장에 자금을 지원합니다. TERRA 하나는 검증된 복원 토양 1제곱미터를 나타냅니다.',
      ja: 'Terra Seed は環境再生型の農場に資金を提供します。1 TERRA は検証済みの再生土壌 1 平方メートルに対応します。',
    },
  },
]

/** The demo user's subscription in the ended project, allocated (and locked) by the pass's own function. */
const DEMO_SUBSCRIPTION = { symbol: 'TERRA', quantity: '5000' } as const

export async function seedProjects(db: Database, demoUserId: number, now: number): Promise<void> {
  for (const { offsets, ...demo } of DEMO_PROJECTS) {
    const [warmup, join, end] = offsets
    const id = await insertProject(db, { ...demo, warmupStart: now + warmup, joinStart: now + join, joinEnd: now + end }, now)
    if (id === undefined || demo.symbol !== DEMO_SUBSCRIPTION.symbol) continue
    const joinedAt = now + join + HOUR
    const frozen = costOf(DEMO_SUBSCRIPTION.quantity, demo.price)
    // Its own USDT, so the demo account's balances stay the round figures of DEMO_BALANCES.
    await creditWithRecord(db, { userId: demoUserId, accountType: ACCOUNT_TYPES.spot, currency: 'USDT', amount: frozen, kind: 'seed', what: { kind: 'demoLaunchCredit', params: {} }, now: joinedAt })
    const entryId = await freezeSubscription(db, { userId: demoUserId, usdt: frozen, memo: `launch subscription ${demo.symbol}`, now: joinedAt })
    await db.run('INSERT INTO launch_subscriptions (project_id, user_id, quantity, frozen, created_at) VALUES (?, ?, ?, ?, ?)', id, demoUserId, DEMO_SUBSCRIPTION.quantity, frozen, joinedAt)
    await db.run('UPDATE launch_projects SET subscribed = ? WHERE id = ?', DEMO_SUBSCRIPTION.quantity, id)
    await insertRecord(db, {
      userId: demoUserId, accountType: ACCOUNT_TYPES.spot, tradeType: RECORD_TYPES.launch, currency: 'USDT', amount: `-${frozen}`, actualArrival: '0',
      status: RECORD_STATUS.finished, what: { kind: 'launchSubscribe', params: { quantity: DEMO_SUBSCRIPTION.quantity, symbol: demo.symbol, price: demo.price } }, entryId, now: joinedAt,
    })
    await allocateProject(db, id, now)
  }
}
