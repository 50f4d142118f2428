// Two traders on the exchange's own book (SPOT_FEED_LIQUIDITY=off: no feed liquidity, so only
// users can fill each other): the demo user offers 0.01 BTC at a limit in one browser, a second
// user — another browser with a profile of its own — bids the same price in another, and both see
// their orders filled, each with the other as counterparty, and their balances moved to the 10^-8.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Page } from 'playwright-core'
import { readMailCode } from '../support/outbox.ts'
import { openBrowser, startServer, type Browser, type RunningServer } from './harness.ts'
import { DEMO, logIn, units } from './steps.ts'

const root = join(import.meta.dirname, '..', '..')
const BUYER = { email: 'buyer@two-users.test', password: 'Buyer2026pass' }
const TRADE = '/mobile/action/trade?symbol=btcusdt&base=BTC&quote=USDT'
let server: RunningServer
let seller: Browser
let buyer: Browser

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

before(async () => {
  server = await startServer({ env: { SPOT_FEED_LIQUIDITY: 'off' } })
  await fetch(`${server.url}/bb/user/sendEmailCode`, form({ email: BUYER.email }))
  const registered = await (await fetch(`${server.url}/bb/user/register`, form({ ...BUYER, code: readMailCode(server.dataDir, BUYER.email) }))).json()
  assert.equal((registered as { code: number }).code, 1, 'the buyer is registered')
  // The operators' tool puts the buyer's money in, as it would for a demo.
  execFileSync(process.execPath, ['server/admin/cli.ts', 'credit', BUYER.email, 'USDT', '2000'], { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir } })
  ;[seller, buyer] = await Promise.all([openBrowser(), openBrowser()])
})
after(async () => {
  await Promise.all([seller?.close(), buyer?.close()])
  await server?.stop()
})

async function placeLimit(page: Page, side: 'Buy' | 'Sell', price: string, amount: string): Promise<void> {
  await page.getByRole('button', { name: side, exact: true }).click()
  await page.getByRole('radio', { name: 'Limit', exact: true }).check()
  await page.getByLabel('Price (USDT)').fill(price)
  await page.getByLabel('Amount (BTC)').fill(amount)
  await page.getByRole('button', { name: `${side} BTC` }).click()
  await page.getByRole('dialog', { name: 'Confirm order' }).getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').filter({ hasText: 'Order has been placed' }).waitFor()
}

/** The one fill of the newest finished order on /trade/record: [price, amount, fee, counterparty]. */
async function onlyFill(page: Page, side: 'Buy' | 'Sell'): Promise<string[]> {
  await page.goto(`${server.url}/mobile/trade/record`)
  await page.getByRole('tab', { name: 'Finished', exact: true }).click()
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('article', { name: `${side} BTC/USDT order` }).first()
  await order.getByRole('button', { name: 'Details' }).click()
  const fills = order.getByRole('list', { name: 'Fills' }).getByRole('listitem')
  await fills.first().waitFor()
  assert.equal(await fills.count(), 1)
  return (await fills.first().innerText()).split('\n').map((line) => line.trim()).filter(Boolean)
}

test('a resting sell of one user is filled by another user’s buy at its price, each with the other as counterparty', async () => {
  await logIn(seller.page, server.url, TRADE, DEMO)
  await logIn(buyer.page, server.url, TRADE, BUYER)
  await seller.page.waitForFunction(() => /^[\d,]+\.\d{2}$/.test(document.querySelector('[data-testid=spot-last-price]')?.textContent ?? ''))
  const last = Number((await seller.page.getByTestId('spot-last-price').textContent())?.replaceAll(',', ''))
  // 1 % above the last price: inside the band; without the feed's liquidity it rests until a user comes.
  const price = (Math.floor(last * 101) / 100).toFixed(2)
  await placeLimit(seller.page, 'Sell', price, '0.01')
  await seller.page.getByRole('list', { name: 'Current orders' }).getByRole('article', { name: 'Sell BTC/USDT order' }).waitFor()

  await placeLimit(buyer.page, 'Buy', price, '0.01')
  // The seller, still on the trade screen, is told of the fill once: a toast, in the polite region.
  await seller.page.getByRole('status').filter({ hasText: /^Sell 0\.01 BTC filled, average [\d,]+\.\d+ USDT$/ }).waitFor({ timeout: 15_000 })
  const bought = await onlyFill(buyer.page, 'Buy')
  const sold = await onlyFill(seller.page, 'Sell')
  assert.ok(bought.some((line) => /Taker · User/.test(line)), `the buyer took a user's order: ${bought.join(' | ')}`)
  assert.ok(sold.some((line) => /Maker · User/.test(line)), `the seller's order was made by a user's: ${sold.join(' | ')}`)
  const shownPrice = price.replace(/\B(?=(\d{3})+\.)/g, ',')
  assert.ok(bought.includes(shownPrice) && sold.includes(shownPrice), 'both filled at the resting price')

  // 0.01 × price, and the 0.1 % fees cut to 8 decimals, from the buyer's 2000 USDT.
  const value = units(price) / 100n
  const fee = value / 1000n
  await buyer.page.goto(`${server.url}${TRADE}`)
  await buyer.page.getByText(`${formatUnits(2000n * 100_000_000n - value - fee)} USDT`, { exact: true }).waitFor()
  await seller.page.goto(`${server.url}${TRADE}`)
  await seller.page.getByRole('button', { name: 'Sell', exact: true }).click()
  await seller.page.getByText('0.49 BTC', { exact: true }).waitFor()
})

/** Units of 10^-8 as the form shows a USDT balance: cut to its 6 decimals, no trailing zeros, thousands grouped. */
function formatUnits(value: bigint): string {
  const whole = (value / 100_000_000n).toString().replace(/\B(?=(\d{3})+$)/g, ',')
  const fraction = (value % 100_000_000n).toString().padStart(8, '0').slice(0, 6).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
