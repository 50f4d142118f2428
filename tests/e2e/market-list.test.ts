// The market list against the real simulated feed: the spec's catalogue per quote tab, sorting,
// the left drawer into the chart, and prices that move with the 5 s tick.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { PAIR_CATALOGUE } from '../../src/contract/market.ts'
import { useWorld } from './harness.ts'

const world = useWorld()



/** [pair, price] of every row of a quote's table, in screen order: the price as shown, without the unit read after it (.sr-only). */
async function rowsOf(page: Page, quote: string): Promise<[string, string][]> {
  const table = page.getByRole('table', { name: `${quote} markets` })
  await table.getByRole('rowheader').first().waitFor()
  return table.getByRole('row').filter({ has: page.getByRole('rowheader') }).evaluateAll((rows) =>
    rows.map((row) => [row.querySelector('a')?.textContent ?? '', row.querySelector('[role=cell]')?.firstChild?.textContent ?? '']),
  )
}
const pairsOf = (quote: keyof typeof PAIR_CATALOGUE) => PAIR_CATALOGUE[quote].map((base) => `${base}/${quote}`)
const numeric = (rows: [string, string][]) => rows.map(([, price]) => Number(price.replaceAll(',', '')))
const PRICE = /^[\d,]+\.\d{2,9}$/

/** Waits for the chart screen of a pair; the chart adds its own keys (period) to the search. */
async function waitForChart(page: Page, pair: { symbol: string; base: string; quote: string }) {
  await page.waitForURL((url) => url.pathname === '/mobile/market/kline' &&
    Object.entries(pair).every(([key, value]) => url.searchParams.get(key) === value))
}

test('the USDT tab lists the seven pairs of the catalogue with prices', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/market`)
  const rows = await rowsOf(page, 'USDT')
  assert.deepEqual(rows.map(([pair]) => pair), pairsOf('USDT'))
  for (const [pair, price] of rows) assert.match(price, PRICE, `${pair} shows a price`)
  assert.equal(await page.getByRole('tab', { name: 'USDT' }).getAttribute('aria-selected'), 'true')
})

test('the BTC and ETH tabs list their pairs, and the tab is kept in the URL', async () => {
  const { page } = world.browser
  await page.getByRole('tab', { name: 'BTC' }).click()
  await page.waitForURL('**/mobile/market?quote=BTC')
  assert.deepEqual((await rowsOf(page, 'BTC')).map(([pair]) => pair), pairsOf('BTC'))
  await page.getByRole('tab', { name: 'ETH' }).click()
  await page.waitForURL('**/mobile/market?quote=ETH')
  const eth = await rowsOf(page, 'ETH')
  assert.deepEqual(eth.map(([pair]) => pair), pairsOf('ETH'))
  for (const [pair, price] of eth) assert.match(price, PRICE, `${pair} shows a price`)

  await page.reload()
  assert.deepEqual((await rowsOf(page, 'ETH')).map(([pair]) => pair), pairsOf('ETH'))
})

test('sorting by price orders the rows by price, then the other way, then back', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/market`)
  await rowsOf(page, 'USDT')
  const byPrice = page.getByRole('button', { name: 'Price' })
  await byPrice.click()
  assert.equal(await page.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort'), 'descending')
  const descending = await rowsOf(page, 'USDT')
  assert.deepEqual(numeric(descending), numeric(descending).toSorted((a, b) => b - a))
  assert.equal(descending[0]?.[0], 'BTC/USDT')

  await byPrice.click()
  const ascending = await rowsOf(page, 'USDT')
  assert.deepEqual(numeric(ascending), numeric(ascending).toSorted((a, b) => a - b))
  assert.equal(ascending.at(-1)?.[0], 'BTC/USDT')

  await byPrice.click()
  assert.equal(await page.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort'), 'none')
  assert.deepEqual((await rowsOf(page, 'USDT')).map(([pair]) => pair), pairsOf('USDT'))
})

test('a tap anywhere on a row opens its chart', async () => {
  const { page } = world.browser
  const eth = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'ETH/USDT' }) })
  // On the change badge, at the far end from the pair's name: the link covers the whole row.
  const box = await eth.boundingBox()
  await eth.click({ position: { x: (box?.width ?? 1) - 20, y: (box?.height ?? 1) / 2 } })
  await waitForChart(page, { symbol: 'ethusdt', base: 'ETH', quote: 'USDT' })
})

test('the drawer (type 1) lists pairs by quote and opens the chart of the chosen one', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/market`)
  await page.getByRole('button', { name: 'All pairs' }).click()
  const drawer = page.getByRole('dialog', { name: 'Pairs' })
  await drawer.getByRole('link', { name: /^BTC\/USDT/ }).waitFor()
  await page.keyboard.press('Escape')
  await drawer.waitFor({ state: 'detached' })

  await page.getByRole('button', { name: 'All pairs' }).click()
  await drawer.getByRole('tab', { name: 'BTC' }).click()
  await drawer.getByRole('link', { name: /^XRP\/BTC/ }).click()
  await waitForChart(page, { symbol: 'xrpbtc', base: 'XRP', quote: 'BTC' })
})

test('the Position tab invites a visitor to log in, under its own title (positions: tests/e2e/position.test.ts)', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/position`)
  await page.getByRole('heading', { name: 'Position', exact: true }).waitFor()
  await page.getByRole('heading', { name: 'Your positions in one place' }).waitFor()
  assert.equal(await page.getByRole('link', { name: 'Log in' }).count(), 1)
  const tab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Position' })
  assert.equal(await tab.getAttribute('aria-current'), 'page')
})

test('home shows the leading USDT pairs live, each opening its chart, and leads to the markets', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/home`)
  const leading = page.getByRole('list', { name: 'Leading pairs' })
  await leading.getByRole('link').first().waitFor()
  // What each card shows: the words only a screen reader gets (.sr-only) left out.
  const cards = await leading.getByRole('link').evaluateAll((links) => links.map((link) => {
    const shown = link.cloneNode(true) as Element
    for (const unseen of shown.querySelectorAll('.sr-only')) unseen.remove()
    return shown.textContent ?? ''
  }))
  assert.deepEqual(cards.map((text) => text.slice(0, text.indexOf('/') + 5)), ['BTC/USDT', 'ETH/USDT', 'LTC/USDT'])
  for (const text of cards) assert.match(text, /USDT[\d,]+\.\d{2}(\+|-)?[\d,]+\.\d{2}%$/)
  await leading.getByRole('link', { name: /^ETH\/USDT/ }).click()
  await waitForChart(page, { symbol: 'ethusdt', base: 'ETH', quote: 'USDT' })

  await page.goto(`${world.server.url}/mobile/home`)
  await page.getByRole('link', { name: 'Markets', exact: true }).click()
  await page.waitForURL('**/mobile/market')
})

test('prices move with the 5 s tick, without a reload', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/market`)
  const first = await rowsOf(page, 'USDT')
  // The feed moves in real time; two or three ticks fit in the bounded wait.
  await page.waitForFunction(
    (earlier) => {
      const prices = [...document.querySelectorAll('[role=table] [role=rowheader] + [role=cell]')].map((cell) => cell.textContent)
      return prices.length === earlier.length && prices.some((price, index) => price !== earlier[index])
    },
    first.map(([, price]) => price),
    { timeout: 15_000, polling: 250 },
  )
})
