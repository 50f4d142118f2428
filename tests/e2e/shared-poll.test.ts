// "One poll for all tabs" (issue 5): two visible tabs on the market list make the service worker's
// single 5 s poll fetch each topic once per tick at the server, not once per tab, and both tabs
// show the answers. Counted by a proxy in front of the server (tests/e2e/counting-proxy.ts): the
// browser talks only to it, so the worker's own fetches are counted as surely as the page's.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { MARKET_PATHS } from '../../src/contract/market.ts'
import { useProxiedWorld } from './counting-proxy.ts'

const world = useProxiedWorld()

const USDT_DETAILS = (request: { path: string; body: string }) =>
  request.path === MARKET_PATHS.detailsByQuote && new URLSearchParams(request.body).get('quoteCoin') === 'USDT'

async function openControlled(page: Page) {
  await page.goto(`${world.proxy.url}/mobile/market`)
  await page.getByRole('table', { name: 'USDT markets' }).getByRole('rowheader').first().waitFor()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
}
const priceOf = (page: Page) =>
  page.getByRole('table', { name: 'USDT markets' }).getByRole('row').filter({ hasText: 'BTC/USDT' }).getByRole('cell').first().textContent()

test('two visible tabs: one request per topic per 5 s tick at the server, answers in both tabs', async () => {
  const first = world.browser.page
  await openControlled(first)
  const second = await world.browser.context.newPage()
  await openControlled(second)
  assert.deepEqual(await Promise.all([first, second].map((page) => page.evaluate(() => document.visibilityState))), ['visible', 'visible'])

  // Let the start-up reads settle, then count whole ticks of steady state.
  await first.waitForTimeout(3000)
  const from = world.proxy.seen.length
  const window = 21_000
  await first.waitForTimeout(window)
  const ticks = world.proxy.seen.slice(from).filter(USDT_DETAILS).map((request) => request.at)
  // One poll: ~4 ticks in 21 s (5 s plus the fetch itself); two polls would make ~8.
  assert.ok(ticks.length >= 3 && ticks.length <= 5, `USDT details fetched ${ticks.length} times in ${window / 1000} s`)
  const gaps = ticks.slice(1).map((at, index) => at - (ticks[index] ?? at))
  assert.ok(gaps.every((gap) => gap >= 4000), `ticks ${gaps.join(', ')} ms apart: no second poll interleaves`)

  // Both tabs show the ticks' prices (they come from the worker over the BroadcastChannel).
  const prices = await Promise.all([first, second].map(priceOf))
  // Each read with its unit, as a screen reader hears it.
  for (const price of prices) assert.match(price?.replace(/\s+/g, ' ').trim() ?? '', /^[\d,]+\.\d{2} USDT$/)
  await second.close()
})

test('with no visible page the worker stops polling', async () => {
  const page = world.browser.page
  // Headless tabs stay "visible": tell the worker what a hidden page would, as sw-bridge does.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await page.waitForTimeout(1000)
  const from = world.proxy.seen.length
  await page.waitForTimeout(11_000)
  assert.equal(world.proxy.seen.slice(from).filter(USDT_DETAILS).length, 0, 'no tick while every page is hidden')

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  const back = world.proxy.seen.length
  await page.waitForTimeout(3000)
  assert.ok(world.proxy.seen.slice(back).filter(USDT_DETAILS).length >= 1, 'visible again: the poll resumes at once')
})
