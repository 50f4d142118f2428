// The launchpad offline: with the server stopped, the lists, a project, my subscriptions and a
// white paper read before show again from the worker's storage under the "Offline · data as of
// HH:MM" mark; with the device offline, joining is refused with a clear message and nothing is sent.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { useWorld } from './harness.ts'
import { logInUnderWorker } from './steps.ts'

const world = useWorld()
let detail = ''

const offlineMark = () => world.browser.page.getByRole('status').filter({ hasText: /^Offline · data as of \d{2}:\d{2}$/ })
const cards = () => world.browser.page.getByRole('list', { name: 'Projects' }).getByRole('listitem')
const subscriptions = () => world.browser.page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem')

test('online: the worker controls the page; the lists, a project, the record and its white paper are read', async () => {
  const { page } = world.browser
  await logInUnderWorker(page, world.server.url, '/mobile/home/new?phase=joining')
  await cards().first().getByRole('link').click()
  await page.waitForURL('**/mobile/home/detail?id=**')
  detail = new URL(page.url()).search
  await page.getByRole('heading', { name: 'Timeline' }).waitFor()
  await page.goto(`${world.server.url}/mobile/home/wbook${detail}`)
  await page.locator('canvas[data-rendered]').first().waitFor()
  await page.goto(`${world.server.url}/mobile/home/record`)
  await subscriptions().first().waitFor()
})

test('server stopped: each screen shows its last state, marked offline with its age', async () => {
  await world.server.stop()
  const { page } = world.browser
  await page.reload()
  await subscriptions().first().waitFor()
  await offlineMark().waitFor()
  await page.goto(`${world.server.url}/mobile/home/new?phase=joining`)
  await cards().first().waitFor()
  await offlineMark().waitFor()
  await page.goto(`${world.server.url}/mobile/home/detail${detail}`)
  await page.getByRole('heading', { name: 'Timeline' }).waitFor()
  await page.goto(`${world.server.url}/mobile/home/wbook${detail}`)
  await page.locator('canvas[data-rendered]').first().waitFor()
  assert.match((await page.locator('.pdf-viewer__count').textContent()) ?? '', /^\d+ pages$/)
})

test('device offline: joining is refused with a clear message, and nothing is sent', async () => {
  const { page, context } = world.browser
  const sent: string[] = []
  page.on('request', (request) => (request.url().includes('/bb/launch/subscribe') ? sent.push(request.url()) : undefined))
  await context.setOffline(true)
  await page.goto(`${world.server.url}/mobile/home/join${detail}`).catch(() => undefined)
  await page.getByRole('alert').filter({ hasText: 'You are offline. Subscriptions can only be made while connected.' }).waitFor()
  await page.getByLabel(/^Quantity/).fill('100')
  await page.getByLabel('Fund password').fill('123456')
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  assert.equal(await page.getByRole('dialog').count(), 0)
  assert.deepEqual(sent, [])
  await context.setOffline(false)
})
