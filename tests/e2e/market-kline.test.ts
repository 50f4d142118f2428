// The chart screen against the simulated feed: the canvas draws green and red candles, a period
// switch reloads 2000 candles, the order book's full view has 20 levels a side, trades are listed
// and Buy leads to spot trading with the pair.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Locator } from 'playwright-core'
import { eventually, klineAnswer, readCanvas } from '../support/kline-page.ts'
import { useWorld } from './harness.ts'

// The chart's own behaviour: its requests are failed and awaited by the test, so no worker may
// answer them from its cache (the offline tests cover the worker).
const world = useWorld({}, { serviceWorkers: 'block' })



/** The price cell of a book row, as a number (comparisons only). */
const priceAt = async (rows: Locator, index: number) => Number((await rows.nth(index).getByRole('cell').first().innerText()).replaceAll(',', ''))

const chart = () => world.browser.page.getByRole('region', { name: 'Chart' })

test('the chart opens on BTC/USDT with 2000 one-minute candles drawn in both colours', async () => {
  const { page } = world.browser
  const loaded = klineAnswer(page, '1min')
  await page.goto(`${world.server.url}/mobile/market/kline?symbol=btcusdt&base=BTC&quote=USDT`)
  await page.getByRole('heading', { name: 'BTC/USDT' }).waitFor()
  assert.equal((await (await loaded).json()).data.length, 2000)
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0, 'no tab bar on the chart screen')
  assert.equal(await page.getByRole('tab', { name: '1 min' }).getAttribute('aria-selected'), 'true')
  const canvas = chart().locator('canvas')
  await eventually(async () => {
    const pixels = await readCanvas(canvas)
    assert.ok(pixels.up > 50 && pixels.down > 50, `up and down candles drawn: ${JSON.stringify(pixels)}`)
  })
  const header = page.getByRole('region', { name: '24h market' })
  // What it shows: the words only a screen reader gets (.sr-only: the unit, the change in words) left out.
  const shown = () => header.evaluate((element) => {
    const copy = element.cloneNode(true) as Element
    for (const unseen of copy.querySelectorAll('.sr-only')) unseen.remove()
    return [...copy.querySelectorAll('p')].map((line) => line.textContent).join('\n')
  })
  await eventually(async () => assert.match(await shown(), /[\d,]+\.\d{2}\s+[+-]?[\d,]+\.\d{2}%/))
})

test('the 5 s tick and a narrower screen feed the same chart instead of recreating it', async () => {
  const { page } = world.browser
  const canvas = chart().locator('canvas')
  // A mark on the DOM node itself: a recreated chart would bring a new canvas without it.
  await canvas.evaluate((element) => element.setAttribute('data-seen', 'before'))
  const tail = await klineAnswer(page, '1min', 2)
  assert.equal((await tail.json()).data.length, 2)
  const width = (await canvas.boundingBox())!.width
  await page.setViewportSize({ width: 320, height: 844 })
  await eventually(async () => assert.ok((await canvas.boundingBox())!.width < width - 40, 'the chart follows its container'))
  assert.equal(await canvas.getAttribute('data-seen'), 'before')
  await page.setViewportSize({ width: 390, height: 844 })
})

test('the crosshair shows the hovered candle in the legend', async () => {
  const { page } = world.browser
  const time = chart().getByRole('definition').first()
  const newest = await time.innerText()
  const box = (await chart().locator('.u-over').boundingBox())!
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.4)
  await eventually(async () => assert.ok((await time.innerText()) < newest, 'an older candle than the newest'))
  assert.match(await chart().innerText(), /Turnover\s+[\d,]+\.\d{2}/)
})

test('two fingers pinch to zoom, one finger drags into history', async () => {
  const { page, context } = world.browser
  const canvas = chart().locator('canvas')
  const box = (await chart().locator('.u-over').boundingBox())!
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  const cdp = await context.newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: number[][]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([px = 0, py = 0], id) => ({ x: px, y: py, id })) })
  const shownBefore = (await readCanvas(canvas)).candles
  // Fingers from 40 to 160 px apart: a quarter of the candles.
  await touch('touchStart', [[x - 20, y], [x + 20, y]])
  for (let d = 30; d <= 80; d += 10) await touch('touchMove', [[x - d, y], [x + d, y]])
  await touch('touchEnd', [])
  await eventually(async () => {
    const shown = (await readCanvas(canvas)).candles
    assert.ok(shown < shownBefore / 2, `zoomed in from ${shownBefore} to ${shown} candles`)
  })
  const time = chart().getByRole('definition').first()
  await page.mouse.move(box.x + box.width - 2, y)
  const newest = await time.innerText()
  await touch('touchStart', [[x - 100, y]])
  for (let d = 20; d <= 200; d += 20) await touch('touchMove', [[x - 100 + d, y]])
  await touch('touchEnd', [])
  await page.mouse.move(box.x + box.width - 3, y)
  await eventually(async () => assert.ok((await time.innerText()) < newest, 'the right edge shows older candles'))
})

test('switching to 1 day reloads 2000 daily candles', async () => {
  const { page } = world.browser
  const loaded = klineAnswer(page, '1day')
  await page.getByRole('tab', { name: '1 day' }).click()
  const answer = await (await loaded).json()
  assert.equal(answer.data.length, 2000)
  await page.waitForURL(/period=1day/)
  assert.equal(await page.getByRole('tab', { name: '1 day' }).getAttribute('aria-selected'), 'true')
  // The legend shows the newest daily candle (newest first in the answer), in the page's time zone.
  // sv-SE writes dates as YYYY-MM-DD HH:MM:SS, the app's format (lib/format formatDate).
  const expected = await page.evaluate((ms) => new Date(ms).toLocaleString('sv-SE'), answer.data[0].id * 1000)
  await eventually(async () => assert.equal(await chart().getByRole('definition').first().innerText(), expected))
  await eventually(async () => {
    const pixels = await readCanvas(chart().locator('canvas'))
    assert.ok(pixels.up > 50 && pixels.down > 50, `daily candles drawn: ${JSON.stringify(pixels)}`)
  })
})

test('the order book shows 5 levels a side, 20 in the full view', async () => {
  const { page } = world.browser
  const book = page.getByRole('region', { name: 'Order book' })
  const asks = book.getByRole('rowgroup', { name: 'Asks' }).getByRole('row')
  const bids = book.getByRole('rowgroup', { name: 'Bids' }).getByRole('row')
  await eventually(async () => assert.deepEqual([await asks.count(), await bids.count()], [5, 5]))
  await book.getByRole('button', { name: 'Full' }).click()
  await eventually(async () => assert.deepEqual([await asks.count(), await bids.count()], [20, 20]))
  // Asks are listed highest first, so the best ask sits next to the spread, above the best bid.
  assert.ok((await priceAt(asks, 0)) > (await priceAt(asks, 19)))
  assert.ok((await priceAt(asks, 19)) > (await priceAt(bids, 0)))
  assert.ok((await priceAt(bids, 0)) > (await priceAt(bids, 19)))
})

test('the latest market trades are listed with their time, price and amount', async () => {
  const trades = world.browser.page.getByRole('region', { name: 'Latest trades' })
  const rows = trades.getByRole('row')
  await eventually(async () => assert.ok((await rows.count()) > 1, 'at least one trade'))
  const cells = await rows.nth(1).getByRole('cell').allInnerTexts()
  assert.match(cells[0] ?? '', /^\d{2}:\d{2}:\d{2}$/)
  assert.match(cells[1] ?? '', /^[\d,]+\.\d{2}$/)
  assert.match(cells[2] ?? '', /^[\d,]+\.\d{4}$/)
})

test('Buy leads to spot trading with the pair', async () => {
  const { page } = world.browser
  await page.getByRole('link', { name: 'Buy' }).click()
  await page.waitForURL('**/mobile/action/trade?**')
  const search = new URL(page.url()).searchParams
  assert.deepEqual(
    [search.get('symbol'), search.get('base'), search.get('quote'), search.get('side')],
    ['btcusdt', 'BTC', 'USDT', 'buy'],
  )
})

test('a failed load shows the error with Retry, which loads the chart', async () => {
  const { page } = world.browser
  let refused = 0
  await page.route('**/bb/huobi/getKline', (route) => {
    if (route.request().postData()?.includes('size=2000')) {
      refused++
      return route.fulfill({ status: 503, body: '' })
    }
    return route.continue()
  })
  await page.goto(`${world.server.url}/mobile/market/kline?symbol=ethusdt&base=ETH&quote=USDT`)
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the chart.' })
  await failure.waitFor()
  assert.ok(refused >= 1)
  await page.unroute('**/bb/huobi/getKline')
  await failure.getByRole('button', { name: 'Retry' }).click()
  await chart().locator('canvas').waitFor()
  await page.getByRole('heading', { name: 'ETH/USDT' }).waitFor()
})
