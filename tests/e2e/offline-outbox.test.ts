// "Transfers queue and arrive exactly once" (issue 5). The browser reaches the server only through
// a proxy (tests/e2e/counting-proxy.ts) that can play "unreachable" for the page and the service
// worker alike (context.setOffline alone does not cover the worker's own fetches) and can lose an
// answer after the server committed it. Balances and records are read from the server directly.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { useProxiedWorld } from './counting-proxy.ts'
import { demoReads, logInAsDemo, waitFor } from './demo-reads.ts'

const world = useProxiedWorld()
let token = ''

const { usdt, transfersIn } = demoReads(() => world.server.url, () => token)
const transfersOf = (key: string | undefined) => world.proxy.count((request) => request.path === ASSET_PATHS.transfer && request.idempotencyKey === key)
const keysSent = () => [...new Set(world.proxy.seen.filter((request) => request.path === ASSET_PATHS.transfer).map((request) => request.idempotencyKey))]

async function transferThroughScreens(page: Page, amount: string) {
  await page.goto(`${world.proxy.url}/mobile/assert/transfer/1`)
  await page.getByLabel('Amount (USDT)').waitFor()
  await page.getByText(/Available: [\d,]+ USDT/).waitFor()
  await page.getByLabel('Amount (USDT)').fill(amount)
  await page.getByRole('button', { name: 'Transfer', exact: true }).click()
  await page.getByRole('dialog', { name: 'Confirm transfer' }).getByRole('button', { name: 'Confirm' }).click()
}
const pendingList = (page: Page) => page.getByRole('region', { name: 'Pending transfers' })

test('log in as demo; the service worker controls the app', async () => {
  token = await logInAsDemo(world.browser.page, world.proxy.url)
  assert.deepEqual([await usdt(1), await usdt(2)], ['10000', '1000'])
})

test('a transfer made offline is queued and shown pending; back online it is applied once', async () => {
  const { context, page } = world.browser
  await page.goto(`${world.proxy.url}/mobile/assert/transfer/1`)
  await page.getByText('Available: 10,000 USDT').waitFor()
  world.proxy.down = true
  await context.setOffline(true)
  await transferThroughScreens(page, '5')
  await pendingList(page).getByRole('listitem', { name: 'Transfer of 5 USDT' }).getByText(/Pending/).waitFor()
  await page.close()
  assert.deepEqual([await usdt(1), await usdt(2)], ['10000', '1000'], 'nothing moved while offline')

  world.proxy.down = false
  await context.setOffline(false)
  const again = await context.newPage()
  await again.goto(`${world.proxy.url}/mobile/account/assert/2`)
  await waitFor('the queued transfer to arrive', async () => (await usdt(2)) === '1005')
  await pendingList(again).waitFor({ state: 'detached' })
  assert.equal(await usdt(1), '9995')
  assert.deepEqual(await transfersIn(), ['5'])
  // However many triggers fired (worker start, page start, online), the key went out and moved money once.
  assert.equal(keysSent().length, 1)
  world.browser.page = again
})

test('the server commits but the answer is lost: the outbox replays the key, the money moves once', async () => {
  const { page } = world.browser
  world.proxy.loseAnswerOnce((request) => request.path === ASSET_PATHS.transfer)
  await transferThroughScreens(page, '7')
  await waitFor('the replay to be answered', async () => (await usdt(2)) === '1012' && keysSent().length === 2)
  const key = keysSent()[1]
  await waitFor('the replay', async () => transfersOf(key) >= 2)
  await pendingList(page).waitFor({ state: 'detached' })
  await page.waitForTimeout(2000)
  assert.deepEqual([await usdt(1), await usdt(2)], ['9988', '1012'])
  assert.deepEqual(await transfersIn(), ['7', '5'])
})

test('two tabs replaying at once still move the money once', async () => {
  const { context, page } = world.browser
  world.proxy.down = true
  await context.setOffline(true)
  await transferThroughScreens(page, '3')
  await pendingList(page).getByRole('listitem', { name: 'Transfer of 3 USDT' }).waitFor()
  const other = await context.newPage()
  await other.goto(`${world.proxy.url}/mobile/account/assert/1`)
  await pendingList(other).getByRole('listitem', { name: 'Transfer of 3 USDT' }).waitFor()

  // Slow transfers down so that both tabs' flush requests (on `online`) overlap with the sending.
  world.proxy.delay((request) => request.path === ASSET_PATHS.transfer, 800)
  world.proxy.down = false
  await context.setOffline(false)
  await Promise.all([page, other].map((tab) => tab.evaluate(() => window.dispatchEvent(new Event('online')))))
  await waitFor('the transfer to arrive', async () => (await usdt(2)) === '1015')
  await Promise.all([page, other].map((tab) => pendingList(tab).waitFor({ state: 'detached' })))
  await page.waitForTimeout(2000)
  world.proxy.delay(null)
  assert.deepEqual([await usdt(1), await usdt(2)], ['9985', '1015'])
  assert.deepEqual(await transfersIn(), ['3', '7', '5'])
  await other.close()
})
