// The test-only short project (LAUNCH_TEST_PROJECT_SECONDS): added on start, joining at once for
// that many seconds, a single subscriber of 80 gets the 50 for sale and 15 USDT back, locked until
// LAUNCH_TEST_LOCK_SECONDS after the end, then HOLD — all on the server's own timer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LAUNCH_PATHS, LAUNCH_TEST_LOCK_SECONDS } from '../../src/contract/launch.ts'
import { startServer, type TestServer } from './harness.ts'
import { ok, subscribeCall, subscriber } from './launch-support.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer({ launchTestProjectSeconds: 20 })
})
afterAll(() => server.close())

const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 40; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('timed out')
}

describe('the short test project', () => {
  it('joins now, allocates pro rata with a refund at the end, unlocks a few seconds later', async () => {
    const joining = await ok(server.post(LAUNCH_PATHS.list, { phase: 'joining' }))
    const project = joining.list.find((p: { name: string }) => p.name === 'Test Flash')
    expect(project).toMatchObject({ phase: 'joining', joinEnd: joining.serverTime + 20_000, unlockAt: joining.serverTime + 20_000 + LAUNCH_TEST_LOCK_SECONDS * 1000 })
    const user = await subscriber(server, 'short@launch.test', '100')
    await ok(subscribeCall(server, user, project.id, '80'))
    server.clock.advance(20)
    const mine = async () => (await ok(server.post(LAUNCH_PATHS.mine, {}, user.headers))).list[0]
    await waitFor(async () => (await mine()).tag === 'LOCKED')
    expect(await mine()).toMatchObject({ allocated: '50', refunded: '15', tag: 'LOCKED' })
    server.clock.advance(LAUNCH_TEST_LOCK_SECONDS)
    await waitFor(async () => (await mine()).tag === 'HOLD')
    expect((await mine()).sellable).toBe('50')
  })
})
