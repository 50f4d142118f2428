// The demo account's money through the asset screens: both account lists with their totals, a
// transfer of 100 USDT from spot to contract behind its confirmation (both balances move by
// exactly 100, and the records say so), and a small exchange of USDT into BTC.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { useWorld } from './harness.ts'

const world = useWorld()
const DEMO = { email: 'demo@exchange.local', password: 'Demo2026pass' }

/** A figure (Available, Frozen, Value (USDT)) of a currency's row in the account list shown, as a screen reader reads it. */
async function figure(page: Page, list: string, currency: string, term: string): Promise<string> {
  const row = page.getByRole('list', { name: list }).getByRole('listitem').filter({ has: page.getByRole('link', { name: currency, exact: true }) })
  return ((await row.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd').textContent()) ?? '').replace(/\s+/g, ' ').trim()
}
/** The total once prices have come in (it shows '--' until every held coin has a price). */
async function total(page: Page): Promise<string> {
  const shown = page.getByTestId('asset-total')
  // Read with its unit: "1,000.00 USDT".
  await page.waitForFunction(() => /^[\d,]+\.\d{2} USDT$/.test((document.querySelector('[data-testid=asset-total]')?.textContent ?? '').replace(/\s+/g, ' ').trim()))
  return ((await shown.textContent()) ?? '').replace(/\s+/g, ' ').trim().replace(/ USDT$/, '')
}
async function waitForFigure(page: Page, list: string, currency: string, term: string, expected: string) {
  for (let tries = 0; tries < 50; tries++) {
    if ((await figure(page, list, currency, term)) === expected) return
    await page.waitForTimeout(100)
  }
  assert.equal(await figure(page, list, currency, term), expected, `${currency} ${term} in ${list}`)
}

test('log in from the Assets tab and see the spot and contract lists with their totals', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/account`)
  await page.waitForURL('**/mobile/login?redirect=**')
  await page.getByLabel('Email', { exact: true }).fill(DEMO.email)
  await page.getByLabel('Login password').fill(DEMO.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/mobile/account/assert/1')

  await page.getByRole('list', { name: 'Spot assets' }).waitFor()
  assert.equal(await figure(page, 'Spot assets', 'USDT', 'Available'), '10,000 USDT')
  assert.equal(await figure(page, 'Spot assets', 'BTC', 'Available'), '0.5 BTC')
  assert.equal(await figure(page, 'Spot assets', 'ETH', 'Available'), '5 ETH')
  // 10000 USDT plus 0.5 BTC and 5 ETH at the feed's closes: far above the USDT alone.
  assert.ok(Number((await total(page)).replaceAll(',', '')) > 10_000, 'the spot total counts BTC and ETH at their prices')
  const assetsTab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets' })
  assert.equal(await assetsTab.getAttribute('aria-current'), 'page')

  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('link', { name: 'Contract' }).click()
  await page.waitForURL('**/mobile/account/assert/2')
  await page.getByRole('list', { name: 'Contract assets' }).waitFor()
  assert.equal(await figure(page, 'Contract assets', 'USDT', 'Available'), '1,000 USDT')
  assert.equal(await total(page), '1,000.00')
})

test('transfer 100 USDT from spot to contract, confirmed, moves both balances by exactly 100', async () => {
  const { page } = world.browser
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('link', { name: 'Spot' }).click()
  await page.getByRole('list', { name: 'Spot assets' }).waitFor()
  await page.getByRole('list', { name: 'Asset actions' }).getByRole('link', { name: 'Transfer' }).click()
  await page.waitForURL('**/mobile/assert/transfer/1')

  await page.getByText('Available: 10,000 USDT').waitFor()
  await page.getByLabel('Amount (USDT)').fill('100')
  await page.getByRole('button', { name: 'Transfer', exact: true }).click()
  const sheet = page.getByRole('dialog', { name: 'Confirm transfer' })
  await sheet.waitFor()
  const shown = async (term: string) => sheet.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd').textContent()
  assert.deepEqual([await shown('From'), await shown('To'), await shown('Currency'), await shown('Amount')],
    ['Spot account', 'Contract account', 'USDT', '100 USDT'])
  await sheet.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').filter({ hasText: 'Transfer successful' }).waitFor()
  assert.equal(await page.getByLabel('Amount (USDT)').inputValue(), '')
  await page.getByText('Available: 9,900 USDT').waitFor()
  // The swap button turns the direction around: the contract account is now the source, 100 richer.
  await page.getByRole('button', { name: 'Swap direction' }).click()
  await page.waitForURL('**/mobile/assert/transfer/2')
  await page.getByText('Available: 1,100 USDT').waitFor()

  // Back to the kept-alive list: it refreshes as it shows again.
  await page.getByRole('button', { name: 'Back' }).click()
  await page.waitForURL('**/mobile/account/assert/1')
  await waitForFigure(page, 'Spot assets', 'USDT', 'Available', '9,900 USDT')
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('link', { name: 'Contract' }).click()
  await waitForFigure(page, 'Contract assets', 'USDT', 'Available', '1,100 USDT')
  assert.equal(await total(page), '1,100.00')
})

test('the records list the transfer out of spot and into contract', async () => {
  const { page } = world.browser
  await page.getByRole('link', { name: 'Records' }).first().click()
  await page.waitForURL('**/mobile/assert/record**')
  await page.getByLabel('Account', { exact: true }).selectOption({ label: 'All accounts' })
  const out = page.getByRole('article', { name: 'Transfer out USDT' }).first()
  await out.waitFor()
  const amountOf = async (record: typeof out) => ((await record.locator('dt', { hasText: 'Amount' }).locator('xpath=following-sibling::dd').textContent()) ?? '').replace(/\s+/g, ' ').trim()
  assert.equal(await amountOf(out), '-100 USDT')
  const into = page.getByRole('article', { name: 'Transfer in USDT' }).first()
  assert.equal(await amountOf(into), '100 USDT')
})

test('exchange 10 USDT into BTC with a live quote, confirmed, and see its record', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/assert/exchange`)
  assert.equal(await page.getByLabel('From').inputValue(), 'USDT')
  assert.equal(await page.getByLabel('To').inputValue(), 'BTC')
  await page.getByText('Available: 9,900 USDT').waitFor()
  await page.getByLabel('Amount (USDT)').fill('10')
  const quote = page.getByRole('region', { name: 'Quote' })
  await quote.getByText('You receive about').waitFor()
  assert.match((await quote.textContent()) ?? '', /1 BTC ≈ [\d,]+(\.\d+)? USDT/)

  await page.getByRole('button', { name: 'Exchange', exact: true }).click()
  const sheet = page.getByRole('dialog', { name: 'Confirm exchange' })
  await sheet.getByText('10 USDT').waitFor()
  await sheet.getByRole('button', { name: 'Confirm' }).click()
  const result = page.getByRole('region', { name: 'Exchange result' })
  const record = result.getByRole('article', { name: 'Exchange USDT' })
  await record.waitFor()
  const arrival = await record.locator('dt', { hasText: 'Actual arrival' }).locator('xpath=following-sibling::dd').textContent()
  assert.match(arrival ?? '', /^0\.\d+ BTC$/)
  await page.getByText('Available: 9,890 USDT').waitFor()

  await result.getByRole('link', { name: 'All exchange records' }).click()
  await page.waitForURL('**/mobile/assert/record?type=5')
  await page.getByRole('article', { name: 'Exchange USDT' }).first().waitFor()
})
