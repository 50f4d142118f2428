// A market buy end to end against the real server and the simulated feed's book: the demo user
// spends a total of 100 USDT through the confirmation, the order fills against the feed, and the
// balances the form shows move by exactly what the order's detail shows: USDT by the traded value
// plus the fee, BTC by the amount filled — every figure read from the screen.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { useWorld } from './harness.ts'
import { logIn, units } from './steps.ts'

const world = useWorld()

/** The Available figure of the order form, in units of 10^-8, and its coin. */
async function available(page: Page): Promise<{ units: bigint; coin: string }> {
  const row = page.locator('.spot-figures dt', { hasText: 'Available' }).locator('xpath=following-sibling::dd')
  await page.waitForFunction(() => /^\d/.test(document.querySelector('.spot-figures dd')?.textContent ?? ''))
  const [amount = '', coin = ''] = ((await row.textContent()) ?? '').trim().split(/\s+/)
  return { units: units(amount), coin }
}

/**
 * The form shows a balance at the coin's precision (USDT 6 decimals, BTC 6), cut: the exact balance
 * is within one step (100 units of 10^-8) of the last digit shown.
 */
const within = (figure: bigint, expected: bigint) => assert.ok(figure <= expected + 100n && figure > expected - 100n, `${figure} ≈ ${expected}`)

test('a market buy of 100 USDT fills, and the balances move by exactly the shown amount and fee', async () => {
  const { page } = world.browser
  await logIn(page, world.server.url, '/mobile/action/trade?symbol=btcusdt&base=BTC&quote=USDT')
  await page.getByRole('radio', { name: 'Market', exact: true }).check()
  const usdtBefore = await available(page)
  assert.equal(usdtBefore.coin, 'USDT')
  await page.getByRole('button', { name: 'Sell', exact: true }).click()
  await page.waitForFunction(() => (document.querySelector('.spot-figures dd')?.textContent?.trim() ?? '').endsWith(' BTC'))
  const btcBefore = await available(page)
  await page.getByRole('button', { name: 'Buy', exact: true }).click()

  await page.getByLabel('Total (USDT)').fill('100')
  await page.getByRole('button', { name: 'Buy BTC' }).click()
  const sheet = page.getByRole('dialog', { name: 'Confirm order' })
  await sheet.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').filter({ hasText: 'Order has been placed' }).waitFor()

  await page.getByRole('link', { name: 'Order history' }).first().click()
  await page.getByRole('tab', { name: 'Finished', exact: true }).click()
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('article', { name: 'Buy BTC/USDT order' }).first()
  await order.getByRole('button', { name: 'Details' }).click()
  const shown = async (term: string) =>
    ((await order.locator('dt', { hasText: term }).first().locator('xpath=following-sibling::dd').textContent()) ?? '').trim().split(/\s+/)[0] ?? ''
  const filled = units(await shown('Filled'))
  const value = units(await shown('Traded value'))
  const fee = units(await shown('Total fee'))
  assert.ok(filled > 0n && value > 0n && fee > 0n, 'the order filled, for a value and a fee')
  assert.ok(value + fee <= 100n * 100_000_000n, 'it spent no more than the total')

  await page.goto(`${world.server.url}/mobile/action/trade?symbol=btcusdt&base=BTC&quote=USDT`)
  await page.waitForFunction(() => (document.querySelector('.spot-figures dd')?.textContent?.trim() ?? '').endsWith(' USDT'))
  within((await available(page)).units, usdtBefore.units - value - fee)
  await page.getByRole('button', { name: 'Sell', exact: true }).click()
  await page.waitForFunction(() => (document.querySelector('.spot-figures dd')?.textContent?.trim() ?? '').endsWith(' BTC'))
  within((await available(page)).units, btcBefore.units + filled)
})
