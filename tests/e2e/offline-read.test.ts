// Readable offline and private data stays private (issue 5): the demo user views the market list,
// a chart and the spot assets; with the server stopped, a reload and a new tab show each of them
// from IndexedDB with the "Offline · data as of HH:MM" mark. An offline logout wipes the demo
// user's stored answers; a second user, logged in once the server is back, never sees them, even
// with the server stopped again. The server is stopped and restarted on the same port and data
// dir, so the app keeps its origin (and its worker and storage).
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Page } from 'playwright-core'
import { readCanvas } from '../support/kline-page.ts'
import { readMailCode } from '../support/outbox.ts'
import { freePort, openBrowser, startServer, type Browser, type RunningServer } from './harness.ts'

const DEMO = { email: 'demo@exchange.local', password: 'Demo2026pass' }
const OTHER = { email: `second${Date.now()}@example.com`, password: 'Sunrise2026' }
const CHART = '/mobile/market/kline?symbol=btcusdt&base=BTC&quote=USDT'
const MARK = /^Offline · data as of \d{2}:\d{2}$/

const dataDir = mkdtempSync(join(tmpdir(), 'e2e-offline-'))
let port: number
let server: RunningServer | undefined
let browser: Browser
let url: string
let demoId = ''

async function serverUp(): Promise<void> {
  server = await startServer({ port, dataDir })
  url = server.url
}
async function serverDown(): Promise<void> {
  await server?.stop()
  server = undefined
}

before(async () => {
  port = await freePort()
  await serverUp()
  browser = await openBrowser()
})
after(async () => {
  await browser?.close()
  await serverDown()
  rmSync(dataDir, { recursive: true, force: true })
})

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

/** Registers the second user over the API (the screens of registration have tests of their own). */
async function registerOther(): Promise<void> {
  await fetch(`${url}/bb/user/sendEmailCode`, form({ email: OTHER.email }))
  const code = readMailCode(dataDir, OTHER.email)
  const answer = (await (await fetch(`${url}/bb/user/register`, form({ ...OTHER, code }))).json()) as { code: number }
  assert.equal(answer.code, 1, 'the second user is registered')
}

async function logIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${url}/mobile/login`)
  await page.getByLabel('Email', { exact: true }).fill(who.email)
  await page.getByLabel('Login password').fill(who.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((next) => !next.pathname.startsWith('/mobile/login'))
}

/** Stored answers per user id ('' = public), read straight from the worker's database. */
function storedUsers(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page: it cannot see the outer scope
    const settle = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.addEventListener('success', () => resolve(request.result))
        request.addEventListener('error', () => reject(request.error))
      })
    const db = await settle(indexedDB.open('novaex'))
    try {
      if (!db.objectStoreNames.contains('answers')) return {}
      const rows = (await settle(db.transaction('answers').objectStore('answers').getAll())) as { userId: string }[]
      const counts: Record<string, number> = {}
      for (const row of rows) counts[row.userId] = (counts[row.userId] ?? 0) + 1
      return counts
    } finally {
      db.close()
    }
  })
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  assert.fail(`timed out waiting until ${what}`)
}

const mark = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline/ })
const marketRows = (page: Page) => page.getByRole('table', { name: 'USDT markets' }).getByRole('row').filter({ has: page.getByRole('rowheader') })
const btcPrice = (page: Page) =>
  page.getByRole('table', { name: 'USDT markets' }).getByRole('row').filter({ has: page.getByRole('link', { name: 'BTC/USDT' }) }).getByRole('cell').first()
const spotRow = (page: Page, currency: string) =>
  page.getByRole('list', { name: 'Spot assets' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: currency, exact: true }) })
/** A currency's Available as a screen reader reads it: "10,000 USDT". */
const available = async (page: Page, currency: string) =>
  ((await spotRow(page, currency).locator('dt', { hasText: 'Available' }).locator('xpath=following-sibling::dd').textContent()) ?? '').replace(/\s+/g, ' ').trim()

async function showsMarketList(page: Page): Promise<void> {
  await marketRows(page).first().waitFor()
  assert.equal(await marketRows(page).count(), 7, 'every USDT pair is listed')
  // The price, then its unit for a screen reader (.sr-only).
  assert.match(await btcPrice(page).innerText(), /^[\d,]+\.\d{2}\s+USDT$/)
}
async function showsChart(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'BTC/USDT' }).waitFor()
  const canvas = page.getByRole('region', { name: 'Chart' }).locator('canvas')
  await canvas.waitFor()
  // In the theme's candle colours, whichever theme the page is in.
  await until(async () => (await readCanvas(canvas)).up > 0, 'the chart draws candles')
}

test('the worker controls the page; the demo user views the market, a chart and the assets', async () => {
  await registerOther()
  const { page } = browser
  await page.goto(`${url}/mobile/home`)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

  await logIn(page, DEMO)
  demoId = (await page.evaluate(() => localStorage.getItem('User-Id'))) ?? ''
  assert.ok(demoId, 'the demo user is signed in')

  await page.goto(`${url}/mobile/market`)
  await showsMarketList(page)
  await page.goto(`${url}${CHART}`)
  await showsChart(page)
  await page.goto(`${url}/mobile/account/assert/1`)
  await page.getByRole('list', { name: 'Spot assets' }).waitFor()
  assert.equal(await available(page, 'USDT'), '10,000 USDT')
  assert.equal(await mark(page).count(), 0, 'no offline mark while the server answers')

  await until(async () => ((await storedUsers(page))[demoId] ?? 0) > 0, 'the demo user\'s assets are stored')
  assert.ok(((await storedUsers(page))[''] ?? 0) >= 3, 'the market answers are stored as public')
})

test('with the server stopped, a reload and a new tab show the shell, market list, chart and assets, marked offline', async () => {
  await serverDown()
  const { page, context } = browser

  await page.reload()
  await page.getByRole('list', { name: 'Spot assets' }).waitFor()
  assert.equal(await available(page, 'USDT'), '10,000 USDT')
  assert.match(await mark(page).innerText(), MARK)
  await page.getByRole('navigation', { name: 'Main' }).waitFor()

  await page.goto(`${url}/mobile/market`)
  await showsMarketList(page)
  assert.match(await mark(page).innerText(), MARK)

  const tab = await context.newPage()
  try {
    await tab.goto(`${url}${CHART}`)
    await showsChart(tab)
    await mark(tab).waitFor()
    assert.match(await mark(tab).innerText(), MARK)
    await tab.goto(`${url}/mobile/market`)
    await showsMarketList(tab)
    assert.match(await mark(tab).innerText(), MARK)
  } finally {
    await tab.close()
  }
})

test('an offline logout clears the session and the demo user\'s stored data', async () => {
  const { page } = browser
  await page.goto(`${url}/mobile/me`)
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.getByRole('dialog', { name: 'Log out of this device?' }).getByRole('button', { name: 'Log out' }).click()
  await until(async () => (await page.evaluate(() => localStorage.getItem('User-Token'))) === null, 'the token is gone')
  await until(async () => !((await storedUsers(page))[demoId]), 'the demo user\'s answers are deleted')
  assert.ok(((await storedUsers(page))[''] ?? 0) > 0, 'public market data stays')
})

test('another user, once the server is back, never sees the first user\'s data, online or offline', async () => {
  await serverUp()
  const { page } = browser
  await logIn(page, OTHER)
  const otherId = await page.evaluate(() => localStorage.getItem('User-Id'))
  assert.ok(otherId && otherId !== demoId)

  await page.goto(`${url}/mobile/account/assert/1`)
  await page.getByRole('list', { name: 'Spot assets' }).waitFor()
  await until(async () => (await spotRow(page, 'USDT').count()) > 0, 'the list is shown')
  assert.notEqual(await available(page, 'USDT'), '10,000 USDT')
  await until(async () => ((await storedUsers(page))[otherId] ?? 0) > 0, 'the second user\'s assets are stored')

  await serverDown()
  await page.reload()
  await page.getByRole('list', { name: 'Spot assets' }).waitFor()
  await mark(page).waitFor()
  assert.notEqual(await available(page, 'USDT'), '10,000 USDT', 'offline, the second user sees their own stored list')
  const stored = await storedUsers(page)
  assert.equal(stored[demoId], undefined, 'nothing of the demo user is stored')
})
