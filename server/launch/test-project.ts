// Test only (LAUNCH_TEST_PROJECT_SECONDS): on start, one project whose joining is open now for that
// many seconds and whose lock ends LAUNCH_TEST_LOCK_SECONDS later, so a browser test sees the
// allocation, the refund, LOCKED, HOLD, a sale and SELLED within a minute. Its symbol carries the
// start instant, so every start of a shared database adds a fresh one.
import { LAUNCH_TEST_LOCK_SECONDS } from '../../src/contract/launch.ts'
import type { AppContext } from '../context.ts'
import { insertProject } from './create.ts'

export async function addTestProject(ctx: AppContext): Promise<number | undefined> {
  const seconds = ctx.config.launchTestProjectSeconds
  if (seconds === undefined) return undefined
  const now = ctx.now()
  const joinEnd = now + seconds * 1000
  return await insertProject(
    ctx.db,
    {
      symbol: `T${String(now).slice(-9)}`,
      name: 'Test Flash',
      price: '0.5',
      // One user's maximum exceeds what is for sale, so a single subscriber already sees a pro-rata
      // allocation and a refund (80 asked → 50 given, 15 USDT back).
      forSale: '50',
      minPerUser: '1',
      maxPerUser: '80',
      precision: 2,
      warmupStart: now,
      joinStart: now,
      joinEnd,
      lockDays: 0,
      unlockAt: joinEnd + LAUNCH_TEST_LOCK_SECONDS * 1000,
      descriptions: {
        'en-US': 'A short test project: joining lasts seconds, the lock a few more.',
        'zh-CN': '一个简短的测试项目：认购持续数秒，锁定期再多几秒。',
        ko: '짧은 테스트 프로젝트: 청약은 몇 초, 잠금은 몇 초 더 이어집니다.',
        ja: '短いテスト用プロジェクト：申込は数秒、ロックはさらに数秒続きます。',
      },
    },
    now,
  )
}
