// Spot trading end to end against the real server: a visitor sees the price and the book and is
// asked to log in; the demo user places a limit buy below the market through the confirmation,
// finds it in the current orders with its funds held, cancels it and gets them back; the order
// history lists it as cancelled; the Trade tab comes back to spot on the pair it showed.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { useWorld } from './harness.ts'

const world = useWorld()
const DEMO = { email: 'demo@exchange.local', password: 'Demo2026pass' }

const lastPrice = async (page: Page): Promise<string> => {
  await page.waitForFunction(() => /^[\d,]+\.\d{2}$/.test(document.querySelector('[data-testid=spot-last-price]')?.textContent ?? ''))
  // Shown grouped ('2,950.12'); the tests reckon with the plain digits.
  return ((await page.getByTestId('spot-last-price').textContent()) ?? '').replaceAll(',', '')
}
/** The figure a form row (dt) shows, without its currency. */
const figure = async (page: Page, term: string) =>
  ((await page.locator('.spot-figures dt', { hasText: term }).locator('xpath=following-sibling::dd').textContent()) ?? '').split(' ')[0] ?? ''

test('a visitor sees the live price and the book, and is asked to log in to place', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/action/trade?symbol=ethusdt&base=ETH&quote=USDT`)
  await page.getByRole('heading', { name: 'Spot trading' }).waitFor()
  assert.match(await lastPrice(page), /^\d+\.\d{2}$/)
  await page.getByRole('list', { name: 'Asks' }).getByRole('button').first().waitFor()
  assert.ok((await page.getByRole('list', { name: 'Bids' }).getByRole('button').count()) > 0)
  await page.getByLabel('Amount (ETH)').fill('0.01')
  await page.getByRole('button', { name: 'Buy ETH' }).click()
  await page.getByRole('status').filter({ hasText: 'Please login first' }).waitFor()
  assert.equal(await page.getByRole('dialog').count(), 0)
})

test('log in, place a limit buy below the market, see it held, cancel it and get the funds back', async () => {
  const { page } = world.browser
  await page.getByRole('link', { name: 'Log in' }).first().click()
  await page.getByLabel('Email', { exact: true }).fill(DEMO.email)
  await page.getByLabel('Login password').fill(DEMO.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/mobile/action/trade?**')
  await page.getByText('10,000 USDT').waitFor()

  // 5 % under the last price: inside the band, and a buy that rests in the book.
  const price = (Math.floor(Number(await lastPrice(page)) * 95) / 100).toFixed(2)
  await page.getByLabel('Price (USDT)').fill(price)
  await page.getByLabel('Amount (ETH)').fill('0.1')
  await page.getByRole('button', { name: 'Buy ETH' }).click()
  const sheet = page.getByRole('dialog', { name: 'Confirm order' })
  const shown = async (term: string) => (await sheet.locator('dt', { hasText: term }).first().locator('xpath=following-sibling::dd').textContent()) ?? ''
  assert.deepEqual([await shown('Pair'), await shown('Side'), await shown('Type'), await shown('Price'), await shown('Amount')],
    ['ETH/USDT', 'Buy', 'Limit', `${price.replace(/\B(?=(\d{3})+\.)/g, ',')} USDT`, '0.1 ETH'])
  await sheet.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').filter({ hasText: 'Order has been placed' }).waitFor()

  const orders = page.getByRole('list', { name: 'Current orders' })
  const order = orders.getByRole('article', { name: 'Buy ETH/USDT order' })
  await order.waitFor()
  // What the order holds: price × 0.1 × (1 + the 0.1 % fee), so Available went down by it.
  await page.waitForFunction(() => !document.querySelector('.spot-figures dd')?.textContent?.startsWith('10000 '))
  assert.ok(Number((await figure(page, 'Available')).replaceAll(',', '')) < 10000)

  await order.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click()
  await page.getByRole('status').filter({ hasText: 'Cancelled' }).waitFor()
  await order.waitFor({ state: 'detached' })
  await page.getByText('10,000 USDT').waitFor()
})

test('the history lists the cancelled order, and the Trade tab reopens spot on its pair', async () => {
  const { page } = world.browser
  await page.getByRole('link', { name: 'Order history' }).first().click()
  await page.waitForURL('**/mobile/trade/record')
  await page.getByRole('tab', { name: 'Cancelled' }).click()
  const cancelled = page.getByRole('list', { name: 'Orders' }).getByRole('article', { name: 'Buy ETH/USDT order' })
  await cancelled.waitFor()
  assert.match(await cancelled.innerText(), /Cancelled/)

  await page.goto(`${world.server.url}/mobile/home`)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade' }).click()
  await page.waitForURL('**/mobile/action/trade?**')
  assert.equal(new URL(page.url()).searchParams.get('symbol'), 'ethusdt')
  await page.getByRole('region', { name: 'Price of ETH/USDT' }).waitFor()
})
