// Spot trading offline: with the server stopped, a reload shows the book and the current orders
// from the worker's storage under the "Offline · data as of HH:MM" mark; with the device offline,
// placing and cancelling are refused with a clear message and nothing is sent or queued.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { useWorld } from './harness.ts'
import { logInUnderWorker } from './steps.ts'

const TRADE = '/mobile/action/trade?symbol=btcusdt&base=BTC&quote=USDT'

const world = useWorld()

const asks = () => world.browser.page.getByRole('list', { name: 'Asks' }).getByRole('button')
const order = () => world.browser.page.getByRole('list', { name: 'Current orders' }).getByRole('article', { name: 'Buy BTC/USDT order' })

test('online: the worker controls the page, and a resting limit buy is placed', async () => {
  const { page } = world.browser
  await logInUnderWorker(page, world.server.url, TRADE)
  await asks().first().waitFor()
  await page.waitForFunction(() => /^[\d,]+\.\d{2}$/.test(document.querySelector('[data-testid=spot-last-price]')?.textContent ?? ''))
  const last = Number((await page.getByTestId('spot-last-price').textContent())?.replaceAll(',', ''))
  await page.getByLabel('Price (USDT)').fill((Math.floor(last * 95) / 100).toFixed(2))
  await page.getByLabel('Amount (BTC)').fill('0.001')
  await page.getByRole('button', { name: 'Buy BTC' }).click()
  await page.getByRole('dialog', { name: 'Confirm order' }).getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').filter({ hasText: 'Order has been placed' }).waitFor()
  await order().waitFor()
})

test('server stopped: a reload shows the last book and orders, marked offline with their age', async () => {
  await world.server.stop()
  const { page } = world.browser
  await page.reload()
  await page.getByRole('status').filter({ hasText: /^Offline · data as of \d{2}:\d{2}$/ }).waitFor()
  await asks().first().waitFor()
  await order().waitFor()
  assert.ok((await asks().count()) > 0)
})

test('device offline: placing and cancelling are refused with a clear message, and nothing is sent', async () => {
  const { page, context } = world.browser
  const sent: string[] = []
  page.on('request', (request) => request.url().includes('/bb/spot/place') || request.url().includes('/bb/spot/cancel') ? sent.push(request.url()) : undefined)
  await context.setOffline(true)
  await page.getByRole('alert').filter({ hasText: 'You are offline. Orders can only be placed while connected.' }).waitFor()
  await page.getByLabel('Amount (BTC)').fill('0.001')
  await page.getByRole('button', { name: 'Buy BTC' }).click()
  assert.equal(await page.getByRole('dialog').count(), 0)
  await order().getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('alert').filter({ hasText: 'You are offline. Orders can only be cancelled while connected.' }).waitFor()
  assert.equal(await page.getByRole('dialog').count(), 0)
  assert.deepEqual(sent, [])
  await context.setOffline(false)
})
