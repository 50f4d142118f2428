// The launchpad's whole life in a minute, against the real server's test-only short project
// (LAUNCH_TEST_PROJECT_SECONDS): the demo user joins it, sees the allocation, the refund and
// LOCKED when joining closes, then HOLD at the unlock, sells through the sheet that shows the fee
// split (with the fund password), sees SELLED — and the new coin on the assets screen while it is held.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { useWorld } from './harness.ts'
import { logIn, units } from './steps.ts'

const JOIN_SECONDS = 15
const world = useWorld({ env: { LAUNCH_TEST_PROJECT_SECONDS: String(JOIN_SECONDS) } })

const figureIn = async (scope: ReturnType<Page['locator']>, term: string) =>
  ((await scope.locator('dt', { hasText: term }).first().locator('xpath=following-sibling::dd').textContent()) ?? '').split(' ')[0] ?? ''

/** Reloads the record (Refresh) until the first row's tag reads `tag`, within `seconds`. */
async function waitForTag(page: Page, tag: string, seconds: number) {
  const row = page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').first()
  for (let tries = 0; tries < seconds; tries++) {
    if ((await row.locator('.launch-tag').count()) > 0 && (await row.locator('.launch-tag').textContent()) === tag) return row
    await page.waitForTimeout(1000)
    await page.getByRole('button', { name: 'Refresh' }).click()
  }
  assert.fail(`the subscription did not become ${tag} within ${seconds} s`)
}

test('join the short project, see allocation, refund and LOCKED, then HOLD, sell, SELLED, and the coin on the assets screen', { timeout: 120_000 }, async () => {
  const { page } = world.browser
  await logIn(page, world.server.url, '/mobile/home/new?phase=joining')
  // The short project closes first: it is the joining card with the smallest countdown.
  const cards = page.getByRole('list', { name: 'Projects' }).getByRole('listitem')
  await cards.first().waitFor()
  const soon = cards.filter({ has: page.locator('.launch-countdown', { hasText: /^00:00:\d{2}$/ }) }).first()
  const symbol = ((await soon.locator('strong').textContent()) ?? '').trim()
  await soon.getByRole('link').click()
  await page.waitForURL('**/mobile/home/detail?id=**')
  await page.getByRole('link', { name: 'Join', exact: true }).click()
  await page.waitForURL('**/mobile/home/join?id=**')
  // The most one may ask for: the short project sells fewer tokens than that, so the allocation is
  // pro-rata and part of the USDT comes back.
  const limits = (await page.locator('.launch-join dt', { hasText: 'Limits per user' }).locator('xpath=following-sibling::dd').textContent()) ?? ''
  const maximum = /– (\S+) /.exec(limits)?.[1] ?? ''
  await page.getByLabel(/^Quantity/).fill(maximum)
  await page.getByLabel('Fund password').fill('123456')
  const cost = units(await figureIn(page.locator('.launch-join'), 'Cost'))
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  await page.getByRole('dialog', { name: 'Confirm the subscription' }).getByRole('button', { name: 'Confirm' }).click()
  await page.waitForURL('**/mobile/home/record')

  const locked = await waitForTag(page, 'Locked', JOIN_SECONDS + 30)
  const allocated = units(await figureIn(locked, 'Allocated'))
  const refunded = units(await figureIn(locked, 'Refunded'))
  assert.ok(allocated > 0n && allocated < units(maximum), `a pro-rata share of the ${maximum} asked for: ${allocated}`)
  assert.ok(refunded > 0n && refunded < cost, 'the refund is what was not allocated')
  // Settled: nothing stays frozen; what was frozen is now paid for the coins plus refunded.
  assert.equal(await locked.locator('dt', { hasText: 'Frozen' }).count(), 0)
  assert.equal(units(await figureIn(locked, 'Paid')) + refunded, cost)
  assert.equal(await locked.locator('.launch-phase').textContent(), 'Ended')

  await waitForTag(page, 'Holding', 40)
  await page.goto(`${world.server.url}/mobile/account/assert/1`)
  const coinRow = page.getByRole('list', { name: 'Spot assets' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: symbol, exact: true }) })
  await coinRow.waitFor()
  // Read as "1,000 TERRA": the figure, then its unit for a screen reader.
  const shownAvailable = ((await coinRow.locator('dt', { hasText: 'Available' }).locator('xpath=following-sibling::dd').textContent()) ?? '').replace(/\s+/g, ' ').trim()
  assert.equal(units(shownAvailable.replace(` ${symbol}`, '')), allocated)
  assert.match((await coinRow.locator('dt', { hasText: 'Value (USDT)' }).locator('xpath=following-sibling::dd').textContent()) ?? '', /^[\d,]+\.\d{2}$/)

  await page.goto(`${world.server.url}/mobile/home/record`)
  const row = await waitForTag(page, 'Holding', 5)
  await row.getByRole('button', { name: /^Sell / }).click()
  const sheet = page.getByRole('dialog', { name: 'Sell to the launchpad pool' })
  const sale = async (term: string) => units(await figureIn(sheet, term))
  const [gross, fee, burn, stakers, net] = [await sale('Gross'), await sale('Fee'), await sale('of which burned'), await sale('of which to stakers'), await sale('You receive')]
  assert.ok(gross > 0n)
  assert.equal(burn + stakers, fee)
  assert.equal(net + fee, gross)
  await sheet.getByLabel('Fund password').fill('123456')
  await sheet.getByRole('button', { name: 'Sell' }).click()
  await page.getByRole('status').filter({ hasText: 'Sold.' }).waitFor()
  await waitForTag(page, 'Sold', 10)
})
