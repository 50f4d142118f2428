// The Position tab (issue 21 item 8) in Chromium against the real server and the simulated feed:
// the demo user holds a 10× long on BTC/USDT (opened through the server) and finds it on /position
// with live figures — the mark moving on the 5 s tick, the P/L following it exactly — its
// liquidation price and actions, beside the demo's locked TERRA allocation and the other sections;
// with the server gone, the tab shows that last state under the offline mark, like every screen.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { test } from 'node:test'
import type { Locator } from 'playwright-core'
import { CONTRACT_PATHS } from '../../src/contract/contracts.ts'
import { IDEMPOTENCY_HEADER, TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { useWorld } from './harness.ts'
import { logInUnderWorker, units } from './steps.ts'

const world = useWorld()

/** The number a <dt> term's <dd> shows in `scope`, without grouping. */
async function figure(scope: Locator, term: string): Promise<string> {
  const text = (await scope.locator('dt', { hasText: term }).first().locator('xpath=following-sibling::dd').textContent()) ?? ''
  const match = /[+-]?\d+(?:\.\d+)?/.exec(text.replace(/,/g, ''))
  assert.ok(match, `a number under "${term}": ${JSON.stringify(text)}`)
  return match[0]
}

test('a signed-in trader finds a holding position on the Position tab, with live P/L, ROE, liquidation price and actions', async () => {
  const { page } = world.browser
  // Under the worker, so what the tab reads is kept for reading offline (the next test).
  await logInUnderWorker(page, world.server.url, '/mobile/position')
  const token = await page.evaluate(() => localStorage.getItem('User-Token') ?? '')
  const opened = await fetch(`${world.server.url}${CONTRACT_PATHS.open}`, {
    method: 'POST',
    headers: { [TOKEN_HEADER]: token, [IDEMPOTENCY_HEADER]: randomUUID() },
    body: new URLSearchParams({ symbol: 'btcusdt', direction: '1', leverage: '10', entryType: '1', quantity: '0.01' }),
  }).then((answer) => answer.json() as Promise<{ code: number; data: { entryPrice: string; liquidationPrice: string } }>)
  assert.equal(opened.code, 1)

  await page.goto(`${world.server.url}/mobile/position`)
  const tab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Position' })
  assert.equal(await tab.getAttribute('aria-current'), 'page')
  const card = page.getByRole('region', { name: 'Leveraged positions' }).getByRole('article', { name: 'Long BTC/USDT 10× position' })
  await card.waitFor()
  await card.locator('dt', { hasText: 'Mark price' }).locator('xpath=following-sibling::dd').filter({ hasText: /\d/ }).waitFor()

  // Live: the mark moves on the feed's tick without a reload, and the P/L is (mark − entry) × 0.01.
  const first = await figure(card, 'Mark price')
  await page.waitForFunction(
    ([before]) => {
      const dd = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Mark price')?.nextElementSibling
      return (dd?.textContent ?? '').replace(/,/g, '') !== before
    },
    [first], { timeout: 30_000 },
  )
  for (let read = 0; read < 2; read++) {
    const mark = await figure(card, 'Mark price')
    const pnl = await figure(card, 'Unrealised P/L (USDT)')
    const expected = ((units(mark) - units(opened.data.entryPrice)) * 1n) / 100n
    // The shown P/L is cut to the cent at most: within 0.01 of the exact one.
    const gap = units(pnl) - expected
    if (gap >= -1_000_000n && gap <= 1_000_000n) break
    assert.ok(read === 0, `P/L ${pnl} at mark ${mark} from entry ${opened.data.entryPrice}`)
  }
  assert.match(await card.locator('dt', { hasText: 'ROE' }).locator('xpath=following-sibling::dd').innerText(), /^[+-]?\d+\.\d{2}%$/)
  assert.equal(await figure(card, 'Liq. price'), opened.data.liquidationPrice.replace(/(\.\d{2})\d*$/, '$1'))
  for (const action of ['Close', 'Add margin']) await card.getByRole('button', { name: action }).waitFor()

  // The other sections: the demo's TERRA allocation is locked for 30 days, nothing else is open.
  await page.getByRole('region', { name: 'Locked launchpad coins' }).getByRole('article', { name: 'TERRA locked' }).waitFor()
  await page.getByRole('region', { name: 'Spot open orders' }).getByText('No open spot orders.').waitFor()
  await page.getByRole('region', { name: 'Seconds orders running' }).getByText('No seconds orders running.').waitFor()
})

test('server stopped: the Position tab shows its last state, marked offline with its age', async () => {
  await world.server.stop()
  const { page } = world.browser
  await page.reload()
  await page.getByRole('status').filter({ hasText: /^Offline · data as of \d{2}:\d{2}$/ }).waitFor()
  await page.getByRole('region', { name: 'Leveraged positions' }).getByRole('article', { name: 'Long BTC/USDT 10× position' }).waitFor()
  await page.getByRole('region', { name: 'Locked launchpad coins' }).getByRole('article', { name: 'TERRA locked' }).waitFor()
  await page.getByRole('region', { name: 'Spot open orders' }).getByText('No open spot orders.').waitFor()
})
