// The launchpad end to end against the real server and its seeded projects: a visitor finds the
// new coins on the home page and by phase, reads a project and is asked to log in to join; the
// demo user joins the live project through the confirmation, sees the USDT frozen in the spot
// account and the subscription in the record; the white paper renders in the app (pixels, pages).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { useWorld } from './harness.ts'
import { logIn, units } from './steps.ts'

const world = useWorld()

/** A figure (dt → dd) inside `scope`, without its unit. */
const figure = async (page: Page, scope: string, term: string) =>
  ((await page.locator(scope).locator('dt', { hasText: term }).first().locator('xpath=following-sibling::dd').textContent()) ?? '').split(' ')[0] ?? ''

/** The spot account's USDT frozen, as the assets screen shows it. */
async function usdtFrozen(page: Page): Promise<bigint> {
  await page.goto(`${world.server.url}/mobile/account/assert/1`)
  const row = page.getByRole('list', { name: 'Spot assets' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: 'USDT', exact: true }) })
  await row.waitFor()
  // Read as "20 USDT": the figure, then its unit for a screen reader.
  return units(((await row.locator('dt', { hasText: 'Frozen' }).locator('xpath=following-sibling::dd').textContent()) ?? '').replace(/\s+/g, ' ').trim().replace(/ USDT$/, ''))
}

let joiningDetail = ''

test('a visitor sees the new coins on the home page and by phase, and is asked to log in to join', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/home`)
  const section = page.getByRole('region', { name: 'New coins' })
  await section.getByRole('listitem').first().waitFor()
  assert.ok(await section.getByText('Joining closes in').count() >= 1)
  assert.match((await section.locator('.launch-countdown').first().textContent()) ?? '', /^(\d+d )?\d{2}:\d{2}:\d{2}$/)
  await section.getByRole('link', { name: 'All projects' }).click()
  await page.waitForURL('**/mobile/home/new**')
  assert.equal(await page.getByRole('tab', { name: 'Joining' }).getAttribute('aria-selected'), 'true')
  for (const phase of ['Warm-up', 'Ended']) {
    await page.getByRole('tab', { name: phase }).click()
    await page.getByRole('list', { name: 'Projects' }).getByRole('listitem').first().waitFor()
  }
  await page.getByRole('tab', { name: 'Joining' }).click()
  await page.getByRole('list', { name: 'Projects' }).getByRole('link').first().click()
  await page.waitForURL('**/mobile/home/detail?id=**')
  joiningDetail = `/home/detail${new URL(page.url()).search}`
  await page.getByRole('heading', { name: 'Timeline' }).waitFor()
  assert.ok(units(await figure(page, '.launch-detail', 'Price')) > 0n)
  await page.getByRole('link', { name: 'Join', exact: true }).click()
  await page.waitForURL('**/mobile/home/join?id=**')
  await page.getByLabel(/^Quantity/).fill('100')
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  await page.getByRole('status').filter({ hasText: 'Please login first' }).waitFor()
  assert.equal(await page.getByRole('dialog').count(), 0)
})

test('the demo user joins the live project: the cost is frozen in the spot account and the record lists it', async () => {
  const { page } = world.browser
  await logIn(page, world.server.url, '/mobile/account/assert/1')
  const frozenBefore = await usdtFrozen(page)
  await page.goto(`${world.server.url}/mobile${joiningDetail}`)
  await page.getByRole('link', { name: 'Join', exact: true }).click()
  await page.waitForURL('**/mobile/home/join?id=**')
  await page.waitForFunction(() => /^\d/.test([...document.querySelectorAll('.launch-join dt')].find((dt) => dt.textContent === 'Available')?.nextElementSibling?.textContent ?? ''))
  const minimum = (await figure(page, '.launch-join', 'Limits per user'))
  await page.getByLabel(/^Quantity/).fill(minimum)
  await page.getByLabel('Fund password').fill('123456')
  const cost = units(await figure(page, '.launch-join', 'Cost'))
  assert.ok(cost > 0n)
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  const sheet = page.getByRole('dialog', { name: 'Confirm the subscription' })
  assert.equal(units(await figure(page, '.sheet', 'Cost')), cost)
  await sheet.getByRole('button', { name: 'Confirm' }).click()
  await page.waitForURL('**/mobile/home/record')
  const row = page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').first()
  await row.waitFor()
  assert.equal(await row.locator('.launch-phase').textContent(), 'Joining')
  assert.equal(units(await figure(page, '.launch-sub', 'Frozen')), cost)
  assert.equal(await usdtFrozen(page) - frozenBefore, cost)
})

test('the white paper renders in the app: pages counted, canvases drawn, a download link', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile${joiningDetail}`)
  await page.getByRole('link', { name: 'Read the white paper' }).click()
  await page.waitForURL('**/mobile/home/wbook?id=**')
  const count = page.locator('.pdf-viewer__count')
  await page.waitForFunction(() => /^\d+ pages$/.test(document.querySelector('.pdf-viewer__count')?.textContent ?? ''))
  const pages = Number(((await count.textContent()) ?? '').split(' ')[0])
  assert.ok(pages >= 2, `a multi-page paper, got ${pages}`)
  // The count shows before the pages' boxes are laid out: wait for the last one, then count them.
  await page.getByRole('img', { name: `Page ${pages} of ${pages}` }).waitFor()
  assert.equal(await page.getByRole('img', { name: /^Page \d+ of \d+$/ }).count(), pages)
  await page.locator('canvas[data-rendered]').first().waitFor()
  // Not blank: the first page has dark (text) and non-white pixels somewhere.
  const inked = await page.locator('canvas[data-rendered]').first().evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray()
    let dark = 0
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128 && (data[i + 1] ?? 255) < 128 && (data[i + 2] ?? 255) < 128) dark++
    return dark
  })
  assert.ok(inked > 100, `the page has ink (${inked} dark pixels)`)
  const before = await page.locator('.pdf-viewer__page').first().evaluate((box) => box.getBoundingClientRect().width)
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await page.waitForFunction((width) => (document.querySelector('.pdf-viewer__page')?.getBoundingClientRect().width ?? 0) > width, before)
  const download = page.getByRole('link', { name: 'Download' })
  assert.match((await download.getAttribute('href')) ?? '', /^\/bb\/launch\//)
  const response = await page.request.get(`${world.server.url}${await download.getAttribute('href')}`)
  assert.equal(response.headers()['content-type']?.split(';')[0], 'application/pdf')
})
