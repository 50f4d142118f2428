// The launchpad offline: with the server stopped, the lists, a project, my subscriptions and a
// white paper read before show again from the worker's storage under the "Offline · data as of
// HH:MM" mark; with the device offline, joining is refused with a clear message and nothing is sent.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { freePort, openBrowser, startServer, type Browser, type RunningServer } from './harness.ts'
import { logInUnderWorker } from './steps.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'e2e-launch-offline-'))
let server: RunningServer | undefined
let browser: Browser
let url: string
let detail = ''

before(async () => {
  server = await startServer({ port: await freePort(), dataDir })
  url = server.url
  browser = await openBrowser()
})
after(async () => {
  await browser?.close()
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const offlineMark = () => browser.page.getByRole('status').filter({ hasText: /^Offline · data as of \d{2}:\d{2}$/ })
const cards = () => browser.page.getByRole('list', { name: 'Projects' }).getByRole('listitem')
const subscriptions = () => browser.page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem')

test('online: the worker controls the page; the lists, a project, the record and its white paper are read', async () => {
  const { page } = browser
  await logInUnderWorker(page, url, '/mobile/home/new?phase=joining')
  await cards().first().getByRole('link').click()
  await page.waitForURL('**/mobile/home/detail?id=**')
  detail = new URL(page.url()).search
  await page.getByRole('heading', { name: 'Timeline' }).waitFor()
  await page.goto(`${url}/mobile/home/wbook${detail}`)
  await page.locator('canvas[data-rendered]').first().waitFor()
  await page.goto(`${url}/mobile/home/record`)
  await subscriptions().first().waitFor()
})

test('server stopped: each screen shows its last state, marked offline with its age', async () => {
  await server?.stop()
  const { page } = browser
  await page.reload()
  await subscriptions().first().waitFor()
  await offlineMark().waitFor()
  await page.goto(`${url}/mobile/home/new?phase=joining`)
  await cards().first().waitFor()
  await offlineMark().waitFor()
  await page.goto(`${url}/mobile/home/detail${detail}`)
  await page.getByRole('heading', { name: 'Timeline' }).waitFor()
  await page.goto(`${url}/mobile/home/wbook${detail}`)
  await page.locator('canvas[data-rendered]').first().waitFor()
  assert.match((await page.locator('.pdf-viewer__count').textContent()) ?? '', /^\d+ pages$/)
})

test('device offline: joining is refused with a clear message, and nothing is sent', async () => {
  const { page, context } = browser
  const sent: string[] = []
  page.on('request', (request) => (request.url().includes('/bb/launch/subscribe') ? sent.push(request.url()) : undefined))
  await context.setOffline(true)
  await page.goto(`${url}/mobile/home/join${detail}`).catch(() => undefined)
  await page.getByRole('alert').filter({ hasText: 'You are offline. Subscriptions can only be made while connected.' }).waitFor()
  await page.getByLabel(/^Quantity/).fill('100')
  await page.getByLabel('Fund password').fill('123456')
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  assert.equal(await page.getByRole('dialog').count(), 0)
  assert.deepEqual(sent, [])
  await context.setOffline(false)
})
