// Leveraged contracts end to end against the real server and the simulated feed: the demo user
// opens a 10× long on BTC/USDT through the confirmation, sets a take profit three ticks above its
// entry, watches the feed close it there, and finds the contract account moved by exactly the shown
// P/L minus both fees; then, with a maintenance margin rate that leaves a 100× position no room
// (CONTRACT_TEST_MMR, a test-only setting), a 100× long is liquidated and shows a loss equal to its
// margin. Every figure is read from the screen.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import { useWorld } from './harness.ts'
import { logIn, units } from './steps.ts'

const world = useWorld({ env: { CONTRACT_TEST_MMR: '0.00999' } })
const TRADE = '/mobile/action/contract?symbol=btcusdt&base=BTC&quote=USDT'

/** The first number a <dt> term's <dd> shows in `scope`. */
async function figure(scope: Locator | Page, term: string): Promise<string> {
  const text = (await scope.locator('dt', { hasText: term }).first().locator('xpath=following-sibling::dd').textContent()) ?? ''
  const match = /[+-]?\d+(?:\.\d+)?/.exec(text.replace(/,/g, ''))
  assert.ok(match, `a number under "${term}": ${JSON.stringify(text)}`)
  return match[0]
}

async function availableMargin(page: Page): Promise<bigint> {
  await page.waitForFunction(() => /\d/.test([...document.querySelectorAll('.contract-figures dt')].find((dt) => dt.textContent === 'Available margin')?.nextElementSibling?.textContent ?? ''))
  return units(await figure(page, 'Available margin'))
}

/**
 * Waits until BTC/USDT's price moves the given way (two steps in a row, second by second, at most
 * 90 s). The simulated minute runs in straight segments between its open, high, low and close, so
 * a long opened on a rising segment sees a take profit a few ticks up within seconds, and one with
 * no room above its maintenance margin opened on a falling segment is liquidated within seconds;
 * opened the other way, a steady market can keep either waiting for minutes.
 */
async function priceMoving(url: string, way: 'up' | 'down'): Promise<void> {
  // One price per second of the feed (its `ts`): two polls within the same second are one sample.
  const closes = new Map<number, number>()
  for (let tries = 0; tries < 180; tries++) {
    const answer = await fetch(`${url}/bb/huobi/getDetails`, { method: 'POST', body: new URLSearchParams({ symbol: 'btcusdt', timer: '1day', size: '1' }) })
    const { ts, tick } = (await answer.json()) as { ts: number; tick: { close: string } }
    closes.set(ts, Number(tick.close))
    const [a = 0, b = 0, c = 0] = [...closes.values()].slice(-3)
    if (closes.size >= 3 && (way === 'up' ? a < b && b < c : a > b && b > c)) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

async function openLong(page: Page, leverage: string, quantity: string): Promise<void> {
  await page.getByRole('radio', { name: `${leverage}× leverage` }).check()
  await page.getByLabel('Quantity (BTC)').fill(quantity)
  await page.getByRole('button', { name: 'Open long' }).click()
  await page.getByRole('dialog', { name: 'Confirm opening' }).getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').filter({ hasText: 'Order has been placed' }).waitFor()
}

/**
 * Contract screens show USDT cut to its 6 decimals, so a figure worked out from others shown is
 * exact up to one step (100 units of 10^-8) for each figure cut.
 */
function near(shown: bigint, expected: bigint, figures: number): void {
  const slack = 100n * BigInt(figures)
  assert.ok(shown <= expected + slack && shown >= expected - slack, `${shown} ≈ ${expected} (within ${figures} steps of 10^-6)`)
}

/** The detail of the newest position under a record filter. */
async function recordDetail(page: Page, filter: 'Finished' | 'Liquidated', name: string): Promise<Locator> {
  await page.goto(`${world.server.url}/mobile/contract/record`)
  await page.getByRole('tab', { name: filter, exact: true }).click()
  const card = page.getByRole('list', { name: 'Positions' }).getByRole('article', { name }).first()
  await card.getByRole('button', { name: 'Details' }).click()
  const detail = card.getByRole('region', { name: 'Position details' })
  await detail.waitFor()
  return detail
}

test('a 10× long closes at its take profit, and the contract account moves by exactly the P/L minus fees', async () => {
  const { page } = world.browser
  await logIn(page, world.server.url, TRADE)
  const before = await availableMargin(page)
  await priceMoving(world.server.url, 'up')
  await openLong(page, '10', '0.01')

  const position = page.getByRole('list', { name: 'Open positions' }).getByRole('article', { name: 'Long BTC/USDT 10× position' })
  await position.waitFor()
  const entry = await figure(position, 'Entry price')
  // Three ticks above an entry made on a rising price: the feed's price reaches it within seconds.
  const takeProfit = ((units(entry) + 3_000_000n) / 1_000_000n).toString().replace(/(\d\d)$/, '.$1')
  await position.getByRole('button', { name: 'SL / TP' }).click()
  const sheet = page.getByRole('dialog')
  await sheet.getByLabel('Take profit (USDT)').fill(takeProfit)
  await sheet.getByRole('button', { name: 'Save' }).click()
  // The trader, still on the screen, is told once, as the position leaves: a toast in the polite region.
  const told = page.getByRole('status').filter({ hasText: /^Long BTC\/USDT closed by its take profit at [\d,]+\.\d+, P\/L \+[\d,.]+ USDT$/ })
  await told.waitFor({ timeout: 240_000 })
  await position.waitFor({ state: 'detached' })

  const detail = await recordDetail(page, 'Finished', 'Long BTC/USDT 10× position')
  assert.equal(await detail.locator('dt', { hasText: 'Close reason' }).locator('xpath=following-sibling::dd').textContent(), 'Take profit')
  assert.equal(await figure(detail, 'Trigger price'), takeProfit)
  const pnl = units(await figure(detail, 'Realised P/L'))
  const fees = units(await figure(detail, 'Open fee')) + units(await figure(detail, 'Close fee'))
  assert.ok(pnl > 0n, 'a take profit above the entry realises a profit')
  near(units(await figure(detail, 'Net of fees')), pnl - fees, 4)

  await page.goto(`${world.server.url}${TRADE}`)
  near(await availableMargin(page), before + pnl - fees, 5)
})

test('a 100× long with no room above the maintenance margin is liquidated, losing exactly its margin', async () => {
  const { page } = world.browser
  const before = await availableMargin(page)
  await priceMoving(world.server.url, 'down')
  await openLong(page, '100', '0.001')
  const position = page.getByRole('list', { name: 'Open positions' }).getByRole('article', { name: 'Long BTC/USDT 100× position' })
  await position.waitFor()
  const margin = units(await figure(position, 'Margin'))
  // Liquidated by the pass, not by the trader: told once, by a toast in the polite region.
  await page.getByRole('status').filter({ hasText: /^Long BTC\/USDT liquidated at [\d,]+\.\d+$/ }).waitFor({ timeout: 240_000 })
  await position.waitFor({ state: 'detached' })

  const detail = await recordDetail(page, 'Liquidated', 'Long BTC/USDT 100× position')
  assert.equal(await detail.locator('dt', { hasText: 'Status' }).locator('xpath=following-sibling::dd').textContent(), 'Liquidated')
  assert.equal(await detail.locator('dt', { hasText: 'Result' }).locator('xpath=following-sibling::dd').textContent(), 'Lose')
  assert.equal(units(await figure(detail, 'Realised P/L')), -margin)
  const openFee = units(await figure(detail, 'Open fee'))

  await page.goto(`${world.server.url}${TRADE}`)
  near(await availableMargin(page), before - margin - openFee, 4)
})
