// Step-up in the browser (architecture §4, §6 "Auth"): the server asks for the login password again
// for money moved STEP_UP_SECONDS (2 s here) after it was last given. A transfer made after that
// opens the password dialog; Cancel moves nothing and says why; the password sends the very same
// transfer (same key) and it arrives once. A transfer queued offline and replayed by the service
// worker after the window is kept, not dropped, and the page asks for the password when it flushes.
// The browser reaches the server through the counting proxy (tests/e2e/counting-proxy.ts), which
// plays "unreachable" for the page and the worker alike; balances are read from the server itself.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { useProxiedWorld } from './counting-proxy.ts'
import { DEMO } from './steps.ts'
import { demoReads, logInAsDemo, waitFor } from './demo-reads.ts'

const STEP_UP_SECONDS = 2
const world = useProxiedWorld({ env: { STEP_UP_SECONDS: String(STEP_UP_SECONDS) } })

let token = ''
const { usdt, transfersIn } = demoReads(() => world.server.url, () => token)
const transferKeys = () => world.proxy.seen.filter((request) => request.path === ASSET_PATHS.transfer).map((request) => request.idempotencyKey)
const confirmations = () => world.proxy.count((request) => request.path === USER_PATHS.confirmPassword)
/** Longer than the server's window: the next money call needs the password again. */
const outwait = (page: Page) => page.waitForTimeout(STEP_UP_SECONDS * 1000 + 500)

async function confirmTransfer(page: Page, amount: string) {
  await page.getByLabel('Amount (USDT)').fill(amount)
  await page.getByRole('button', { name: 'Transfer', exact: true }).click()
  await page.getByRole('dialog', { name: 'Confirm transfer' }).getByRole('button', { name: 'Confirm' }).click()
}
const passwordDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm it is you' })

test('log in as demo; the service worker controls the app', async () => {
  token = await logInAsDemo(world.browser.page, world.proxy.url)
})

test('a transfer after the window asks for the password: Cancel moves nothing, the password sends it once', async () => {
  const { page } = world.browser
  await page.goto(`${world.proxy.url}/mobile/assert/transfer/1`)
  await page.getByText('Available: 10,000 USDT').waitFor()
  await outwait(page)

  await confirmTransfer(page, '100')
  const dialog = passwordDialog(page)
  await dialog.waitFor()
  // The password field has the focus, and Cancel (like Escape) gives up: the toast says why.
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete')), 'current-password')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('alert').filter({ hasText: 'Please enter your login password to continue' }).waitFor()
  await dialog.waitFor({ state: 'detached' })
  assert.deepEqual([await usdt(1), await usdt(2)], ['10000', '1000'], 'nothing moved')
  assert.equal(transferKeys().length, 1)

  await confirmTransfer(page, '100')
  await dialog.waitFor()
  await dialog.getByLabel('Login password').fill('Wrong2026pass')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await dialog.getByText('Password is incorrect').waitFor()
  await dialog.getByLabel('Login password').fill(DEMO.password)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').filter({ hasText: 'Transfer successful' }).waitFor()
  await dialog.waitFor({ state: 'detached' })
  await page.getByText('Available: 9,900 USDT').waitFor()

  assert.deepEqual([await usdt(1), await usdt(2)], ['9900', '1100'])
  assert.deepEqual(await transfersIn(), ['100'])
  // The cancelled key went once; the confirmed one twice (asked, then sent again with the same key).
  const keys = transferKeys()
  assert.equal(keys.length, 3)
  assert.notEqual(keys[0], keys[1])
  assert.equal(keys[1], keys[2])
  assert.equal(confirmations(), 2)
})

test('a transfer queued offline and replayed after the window waits for the password, asked when the page flushes', async () => {
  const { context, page } = world.browser
  await page.goto(`${world.proxy.url}/mobile/assert/transfer/1`)
  await page.getByText('Available: 9,900 USDT').waitFor()
  world.proxy.down = true
  await context.setOffline(true)
  await confirmTransfer(page, '5')
  const pending = page.getByRole('region', { name: 'Pending transfers' }).getByRole('listitem', { name: 'Transfer of 5 USDT' })
  await pending.waitFor()
  await outwait(page)

  const sentBefore = transferKeys().length
  world.proxy.down = false
  await context.setOffline(false)
  // The worker sends it (on `online`), the server answers -3, the entry stays and the page asks.
  const dialog = passwordDialog(page)
  await dialog.waitFor()
  assert.ok(transferKeys().length > sentBefore, 'the queued transfer was sent')
  assert.deepEqual([await usdt(1), await usdt(2)], ['9900', '1100'], 'nothing moved without the password')
  await pending.waitFor()

  await dialog.getByLabel('Login password').fill(DEMO.password)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await waitFor('the queued transfer to arrive', async () => (await usdt(2)) === '1105')
  await page.getByRole('region', { name: 'Pending transfers' }).waitFor({ state: 'detached' })
  await page.waitForTimeout(1000)
  assert.deepEqual([await usdt(1), await usdt(2)], ['9895', '1105'])
  assert.deepEqual(await transfersIn(), ['5', '100'])
  // Every send of the queued entry carried its one key.
  assert.equal(new Set(transferKeys().slice(sentBefore)).size, 1)
})
