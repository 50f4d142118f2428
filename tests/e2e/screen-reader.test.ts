// The trading screens as a screen reader and a thumb meet them (WCAG 1.1.1, 1.3.1, 2.5.8, 4.1.3),
// read from Chromium's accessibility tree: prices with their unit and changes with a word ("up
// 2.05%"), the chart as its newest candle and the range in view, no live region that re-reads a
// price as it ticks (the toast host, polite, is the only one, for the user's own events), and the
// main actions at least 44×44. Then every sheet (a native modal dialog) in both themes at 320 px:
// axe-core finds no serious or critical violation and nothing is cut.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import { axeProblems, reflowProblems } from '../../scripts/a11y-checks.ts'
import { signInDemo } from '../../scripts/demo-server.ts'
import { eventually } from '../support/kline-page.ts'
import { useWorld } from './harness.ts'

const world = useWorld()
const open = (page: Page, route: string) => page.goto(`${world.server.url}/mobile${route}`)

/** The text of every live region (aria-live, status, log, timer, marquee, output) but the toast host. */
const liveTexts = (page: Page) => page.evaluate(() =>
  [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="log"], [role="timer"], [role="marquee"], output')]
    .filter((region) => !region.classList.contains('toast-host'))
    .map((region) => (region.textContent ?? '').trim()))

async function assertAtLeast(target: Locator, size: number, what: string): Promise<void> {
  const box = await target.boundingBox()
  assert.ok(box && box.width >= size && box.height >= size, `${what} is at least ${size}×${size}: ${JSON.stringify(box)}`)
}

test('the trading screens read figures with unit and sign, describe the chart, keep ticks quiet and their main actions large', async () => {
  const { page } = world.browser
  await open(page, '/login')
  await signInDemo(page, world.server.url)
  await page.emulateMedia({ colorScheme: 'dark' })

  await open(page, '/action/trade')
  // Once the first tick is in: the price with its unit, the change with a word for its sign.
  await eventually(async () => {
    const tree = await page.getByRole('main').ariaSnapshot()
    assert.match(tree, /BTC\/USDT/)
    assert.match(tree, /\d[\d,]*\.\d+ USDT/, 'the pair header price is read with its unit')
    assert.match(tree, /\b(up|down) \d+\.\d+%/, 'the change is read with a word for its sign')
  })
  const chart = page.getByRole('img', { name: /^Candlestick chart\. Latest candle, .*: open [\d,.]+, high [\d,.]+, low [\d,.]+, close [\d,.]+ USDT\. The \d+ candles shown range from [\d,.]+ to [\d,.]+ USDT\.$/ })
  await chart.waitFor()
  for (const name of ['Buy', 'Sell', 'Buy BTC']) await assertAtLeast(page.getByRole('button', { name, exact: true }).first(), 44, name)
  // Prices tick every few seconds; no live region changes with them (it would be read each time).
  const before = await liveTexts(page)
  await page.waitForTimeout(6000)
  assert.deepEqual(await liveTexts(page), before, 'no live region changed while prices ticked')
  assert.equal(await page.locator('[aria-live="polite"]').count(), 1, 'the toast host is the one polite region')

  await open(page, '/market/kline?symbol=btcusdt')
  await page.getByRole('img', { name: /^Candlestick chart\. Latest candle/ }).waitFor()

  await open(page, '/action/contract')
  await page.getByLabel('Quantity (BTC)').waitFor()
  for (const name of ['Long', 'Short', 'Open long']) await assertAtLeast(page.getByRole('button', { name, exact: true }), 44, name)

  await open(page, '/action/secondContract')
  await page.getByLabel('Open amount (USDT)').waitFor()
  for (const name of ['Up', 'Down']) await assertAtLeast(page.getByRole('button', { name, exact: true }), 44, name)
  assert.equal(await page.getByRole('timer').count(), 0, 'no countdown is read out every second')
})

/** Each sheet: its screen, the fields to fill there (label → value) and the button that opens it. */
const SHEETS: { name: string; route: string; fill?: Record<string, string>; press: string }[] = [
  { name: 'Pairs', route: '/market', press: 'All pairs' },
  { name: 'Confirm order', route: '/action/trade', fill: { 'Amount (BTC)': '0.001' }, press: 'Buy BTC' },
  { name: 'Confirm opening', route: '/action/contract', fill: { 'Quantity (BTC)': '0.01' }, press: 'Open long' },
  { name: 'Confirm order', route: '/action/secondContract', fill: { 'Open amount (USDT)': '10' }, press: 'Up' },
  { name: 'Confirm transfer', route: '/assert/transfer/1', fill: { 'Amount (USDT)': '1' }, press: 'Transfer' },
  { name: 'Confirm exchange', route: '/assert/exchange', fill: { 'Amount (USDT)': '10' }, press: 'Exchange' },
  { name: 'Confirm the subscription', route: '/home/join?id=2', fill: { 'Quantity (LUMEN)': '100', 'Fund password': '123456' }, press: 'Join' },
  { name: 'Log out of this device?', route: '/me', press: 'Log out' },
]

/** The position sheets, on the card of a position the test opens first. */
const POSITION_SHEETS = [
  { button: 'SL / TP', name: 'Stop loss and take profit' },
  { button: 'Add margin', name: 'Add margin' },
  { button: 'Close', name: 'Close BTC/USDT Long' },
]

test('every sheet passes axe and reflows at 320 px, in both themes', async () => {
  const { page } = world.browser
  await page.setViewportSize({ width: 320, height: 693 })
  const problems: string[] = []
  const check = async (sheet: Locator, where: string) => {
    await sheet.waitFor()
    await page.waitForTimeout(300)
    for (const problem of [...(await axeProblems(page)), ...(await page.evaluate(reflowProblems))]) problems.push(`${where}: ${problem}`)
  }
  try {
    for (const theme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      for (const sheet of SHEETS) {
        await open(page, sheet.route)
        for (const [label, value] of Object.entries(sheet.fill ?? {})) await page.getByLabel(label, { exact: true }).fill(value)
        await page.getByRole('button', { name: sheet.press, exact: true }).click()
        await check(page.getByRole('dialog', { name: sheet.name }), `${theme} ${sheet.route} "${sheet.name}"`)
      }
    }
    // A market long opens at once; its card has the position's own sheets.
    await open(page, '/action/contract')
    await page.getByLabel('Quantity (BTC)').fill('0.01')
    await page.getByRole('button', { name: 'Open long' }).click()
    await page.getByRole('dialog', { name: 'Confirm opening' }).getByRole('button', { name: 'Confirm' }).click()
    const card = page.getByRole('list', { name: 'Open positions' }).getByRole('article', { name: /^Long BTC\/USDT/ }).first()
    for (const theme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      for (const sheet of POSITION_SHEETS) {
        await card.getByRole('button', { name: sheet.button, exact: true }).click()
        const dialog = page.getByRole('dialog', { name: sheet.name })
        await check(dialog, `${theme} position "${sheet.name}"`)
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'hidden' })
      }
    }
  } finally {
    await page.setViewportSize({ width: 390, height: 844 })
  }
  assert.deepEqual(problems, [])
})
