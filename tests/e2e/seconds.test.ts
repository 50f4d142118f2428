// A seconds contract end to end against the real server, whose test configuration adds a 5 s
// duration (SECONDS_EXTRA_DURATION): log in, place an Up order of 10 USDT through the
// confirmation, watch it count down in Open, see it settle with win/lose/draw and its profit, and
// find the contract balance moved by exactly that profit (less the fee) — all read from the screen.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { useWorld } from './harness.ts'
import { units } from './steps.ts'

const world = useWorld({ env: { SECONDS_EXTRA_DURATION: '5' } })
const DEMO = { email: 'demo@exchange.local', password: 'Demo2026pass' }

/** The contract account's available USDT as the order form shows it. */
async function available(page: Page): Promise<string> {
  const text = await page.locator('.seconds-available').first().textContent()
  const match = /^Available: ([\d.,]+) USDT$/.exec(text?.trim() ?? '')
  assert.ok(match, `the available balance is shown: ${text}`)
  return match[1]!.replaceAll(',', '')
}

test('log in and open the seconds contract on BTC/USDT with its durations, live price and contract balance', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/action/secondContract`)
  await page.waitForURL('**/mobile/login?redirect=**')
  await page.getByLabel('Email', { exact: true }).fill(DEMO.email)
  await page.getByLabel('Login password').fill(DEMO.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/mobile/action/secondContract')
  await page.getByRole('heading', { name: 'Seconds contract' }).waitFor()

  const header = page.getByRole('region', { name: 'Price of BTC/USDT' })
  await page.waitForFunction(() => /^[\d,]+\.\d{2}$/.test(document.querySelector('[data-testid=seconds-price]')?.textContent ?? ''))
  assert.match(await header.innerText(), /[+-]?\d+\.\d{2}%/)
  await header.locator('svg path').waitFor()
  // The first duration is chosen when the config loads; the test configuration's 5 s comes first.
  assert.equal(await page.getByRole('radio', { name: /^5s/ }).isChecked(), true)
  await page.getByText('Available: 1,000 USDT').waitFor()
  const trade = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade' })
  assert.equal(await trade.getAttribute('aria-current'), 'page')
})

test('an Up order of 10 USDT on 5 s counts down, settles, and moves the balance by exactly the shown profit', async () => {
  const { page } = world.browser
  const before = await available(page)
  await page.getByRole('radio', { name: /^30s/ }).check()
  await page.getByRole('radio', { name: /^5s/ }).check()
  await page.getByLabel('Open amount (USDT)').fill('10')
  await page.getByRole('button', { name: 'Up', exact: true }).click()

  const sheet = page.getByRole('dialog', { name: 'Confirm order' })
  await sheet.waitFor()
  const shown = async (term: string) => (await sheet.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd').textContent()) ?? ''
  assert.deepEqual([await shown('Pair'), await shown('Direction'), await shown('Amount'), await shown('Duration')],
    ['BTC/USDT', 'Up', '10 USDT', '5 s'])
  const rate = /^(\d+(?:\.\d+)?)%$/.exec(await shown('Profit rate'))
  assert.ok(rate, 'the profit rate is shown as a percent')
  const fee = (await shown('Fee')).replace(' USDT', '')
  // Potential payout = amount × (1 + rate), exactly.
  assert.equal(units((await shown('Potential payout')).replace(' USDT', '')), 10n * 100_000_000n + units(rate[1]!) / 10n)
  await sheet.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').filter({ hasText: 'Order created' }).waitFor()
  assert.equal(await page.getByLabel('Open amount (USDT)').inputValue(), '')

  const open = page.getByRole('list', { name: 'Open orders' }).getByRole('listitem')
  await open.first().waitFor()
  assert.equal(await open.count(), 1)
  // The countdown is read with its row ("Settles in 00:04"), never announced on its own.
  const countdown = await open.first().getByText(/^\d\d:\d\d$/).textContent({ timeout: 5000 }).catch(() => null)
  // Within 5 s the row shows mm:ss (or, on a slow machine, has already reached "Settling…"). The
  // seconds left are rounded up and counted on this device's clock against the server's settle
  // instant, so a busy machine may still show a sixth second.
  assert.ok(countdown === null || /^00:0[0-6]$/.test(countdown), `a live countdown: ${countdown}`)

  const result = page.getByRole('article', { name: 'Settled order BTC/USDT' })
  await result.waitFor({ timeout: 20_000 })
  const outcome = (await result.locator('.seconds-outcome').innerText()).replace(/\s+/g, ' ')
  const match = /^(Win|Lose|Draw) ([+-]?[\d.]+) USDT$/.exec(outcome)
  assert.ok(match, `the result and profit: ${outcome}`)
  const [, verdict, profit] = match
  assert.equal(verdict === 'Win' ? units(profit!) > 0n : verdict === 'Lose' ? units(profit!) === -10n * 100_000_000n : units(profit!) === 0n, true)
  const colour = await result.locator('.seconds-outcome').getAttribute('class')
  assert.match(colour ?? '', verdict === 'Win' ? /trend--up/ : verdict === 'Lose' ? /trend--down/ : /trend--flat/)

  const expected = units(before) - units(fee) + units(profit!)
  await page.waitForFunction((text) => document.querySelector('.seconds-available')?.textContent === text,
    `Available: ${formatUnits(expected)} USDT`, { timeout: 10_000 }).catch(() => undefined)
  assert.equal(units(await available(page)), expected, `before ${before}, fee ${fee}, profit ${profit}`)

  // The order now sits under Settled with both prices and its profit.
  await page.getByRole('tab', { name: 'Settled' }).click()
  const settled = page.getByRole('list', { name: 'Settled orders' }).getByRole('listitem').first()
  await settled.getByRole('button').click()
  const detail = settled.getByLabel('Order details')
  const figure = async (term: string) => (await detail.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd').textContent()) ?? ''
  assert.match(await figure('Opening price'), /^[\d,]+\.\d{2}$/)
  assert.match(await figure('Settlement price'), /^[\d,]+\.\d{2}$/)
  assert.equal(await figure('Holding time'), '5 s')
  assert.equal(await figure('Order profit'), `${profit} USDT`)
})

/** Units back to the screen's form: up to 8 decimals, no trailing zeros. */
function formatUnits(value: bigint): string {
  const sign = value < 0n ? '-' : ''
  const abs = value < 0n ? -value : value
  const fraction = (abs % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return `${sign}${abs / 100_000_000n}${fraction ? `.${fraction}` : ''}`
}
