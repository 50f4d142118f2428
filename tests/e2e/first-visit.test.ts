// Issue 13 in the browser: the shell is painted from the HTML alone (no JavaScript) and in the
// saved language before the bundle runs; a chunk that does not arrive is retried, reported as
// 'Loading chunk failed' after 120 s (spec §8) and loads on Retry once the network is back.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { chromium } from 'playwright-core'
import { useWorld } from './harness.ts'

// No worker: a controlled page would answer the chunks from its precache, which is not a first visit.
const world = useWorld({}, { serviceWorkers: 'block' })
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

test('with JavaScript disabled, /mobile/home still paints the nav bar, the tab bar and a skeleton', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-nojs-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: FLAGS,
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, javaScriptEnabled: false,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${world.server.url}/mobile/home`)
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'NovaEx')
    const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('link')
    assert.deepEqual(await tabs.allTextContents(), ['Home', 'Market', 'Trade', 'Position', 'Assets'])
    assert.equal(await tabs.first().getAttribute('href'), '/mobile/home')
    assert.equal(await tabs.first().getAttribute('aria-current'), 'page')
    assert.equal(await page.getByRole('heading', { level: 2 }).textContent(), 'A deflationary launchpad')
    assert.equal(await page.locator('.shell-block').count(), 4)
    // The app's own stylesheet lays the shell out: the tab bar sits at the bottom of the screen.
    const bar = await page.getByRole('navigation', { name: 'Main' }).boundingBox()
    assert.ok(bar && Math.round(bar.y + bar.height) === 844, `tab bar at the bottom, got ${JSON.stringify(bar)}`)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('the shell speaks the saved language before the bundle runs, and the app takes over the same places', async (t) => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/home`)
  await page.locator('#shell').waitFor({ state: 'detached' })
  await page.evaluate(() => localStorage.setItem('User-Lang', 'ja'))
  t.after(() => page.evaluate(() => localStorage.removeItem('User-Lang')).catch(() => undefined))
  // The bundle held back: what shows is the HTML's shell and its inline script.
  await page.route(/\/mobile\/assets\/.*\.js$/, (route) => route.abort())
  t.after(() => page.unrouteAll().catch(() => undefined))
  await page.goto(`${world.server.url}/mobile/market`)
  const shellTabs = page.getByRole('navigation', { name: 'メインメニュー' })
  assert.deepEqual(await shellTabs.getByRole('link').allTextContents(), ['ホーム', 'マーケット', '取引', 'ポジション', '資産'])
  assert.deepEqual(await shellTabs.locator('[aria-current="page"]').allTextContents(), ['マーケット'])
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'マーケット')
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja')
  const shellBar = await shellTabs.boundingBox()

  await page.unroute(/\/mobile\/assets\/.*\.js$/)
  await page.goto(`${world.server.url}/mobile/market`)
  await page.locator('#shell').waitFor({ state: 'detached' })
  const appTabs = page.getByRole('navigation', { name: 'メインメニュー' })
  assert.equal(await appTabs.locator('[aria-current="page"]').textContent(), 'マーケット')
  assert.deepEqual(await appTabs.boundingBox(), shellBar, 'the tab bar does not move when React takes over')
})

test('a chunk that keeps failing is retried, reported after 120 s with Retry, and loads on Retry', async () => {
  const { page } = world.browser
  await page.clock.install()
  const loaded = new Set<string>()
  page.on('request', (request) => loaded.add(request.url()))
  await page.goto(`${world.server.url}/mobile/home`)
  await page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]').waitFor()
  await page.locator('#shell').waitFor({ state: 'detached' })
  // The network drops every chunk this page has not loaded yet (the entry and its preloads still load on a reload).
  const seen = new Set(loaded)
  const unseen = (url: URL) => /\/mobile\/assets\/.*\.js$/.test(url.pathname) && !seen.has(url.href)
  let refused = 0
  await page.route(unseen, (route) => {
    refused += 1
    return route.abort('connectionreset')
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade' }).click()
  await page.getByRole('status').filter({ hasText: 'Loading…' }).first().waitFor()
  assert.equal(await page.getByText('Loading chunk failed').count(), 0, 'not reported before 120 s')
  const before = refused
  const alert = page.getByRole('alert').filter({ hasText: 'Loading chunk failed' })
  // The router may reload the page once on the first failure: move its clock on in steps until
  // the report shows (bounded: 12 steps of 15 s, each after the page has had time to react).
  let step = 0
  for (; step < 12 && (await alert.count()) === 0; step++) {
    await page.clock.runFor(15_000)
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  await alert.waitFor()
  assert.ok(step * 15_000 >= 120_000, `reported after ${step * 15} s of failures, not before 120 s`)
  assert.ok(refused > before, `retried quietly (${refused - before} more attempts)`)

  await page.unroute(unseen)
  await alert.getByRole('button', { name: 'Retry' }).click()
  await page.getByRole('heading', { level: 1, name: 'Spot trading' }).waitFor()
  assert.equal(new URL(page.url()).pathname, '/mobile/action/trade')
})
