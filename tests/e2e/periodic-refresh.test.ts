// Background refresh (issue 5): a Periodic Background Sync event — dispatched here through the
// DevTools protocol, as Chromium would for an installed app — makes the worker read the pair
// catalogue and the signed-in user's asset lists into IndexedDB without any page asking.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { MARKET_PATHS } from '../../src/contract/market.ts'
import { PERIODIC_REFRESH_TAG } from '../../src/contract/sw-messages.ts'
import { useWorld } from './harness.ts'

const world = useWorld()

/** When each stored answer of these paths was stored, read straight from the worker's database. */
function storedTimes(page: Page, paths: string[]): Promise<Record<string, number>> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('novaex')
      request.addEventListener('success', () => resolve(request.result))
      request.addEventListener('error', () => reject(request.error))
    })
    try {
      const rows = await new Promise<{ key: string; path: string; storedAt: number }[]>((resolve, reject) => {
        const request = db.transaction('answers').objectStore('answers').getAll()
        request.addEventListener('success', () => resolve(request.result))
        request.addEventListener('error', () => reject(request.error))
      })
      return Object.fromEntries(rows.filter((row) => wanted.includes(row.path)).map((row) => [row.key, row.storedAt]))
    } finally {
      db.close()
    }
  }, paths)
}

test('a periodic sync refreshes the catalogue and the asset lists in the background', async () => {
  const { page, context } = world.browser
  await page.goto(`${world.server.url}/mobile/login`)
  await page.getByLabel('Email', { exact: true }).fill('demo@exchange.local')
  await page.getByLabel('Login password').fill('Demo2026pass')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/mobile/home')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 }).catch(async () => {
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  })
  // The worker learns the session from the page (SESSION message) once it controls it.
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration: { scopeURL: string }) => registration.scopeURL.endsWith('/mobile/'))
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const started = Date.now()
  await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
    origin: world.server.url,
    registrationId: await registrationId,
    tag: PERIODIC_REFRESH_TAG,
  })

  const paths = [MARKET_PATHS.detailsByQuote, MARKET_PATHS.prices, ASSET_PATHS.accounts]
  let fresh: Record<string, number> = {}
  for (let attempt = 0; attempt < 100; attempt++) {
    fresh = Object.fromEntries(Object.entries(await storedTimes(page, paths)).filter(([, at]) => at >= started))
    const keys = Object.keys(fresh)
    const has = (path: string, body: string) => keys.some((key) => key.includes(path) && key.includes(body))
    if (has(MARKET_PATHS.detailsByQuote, 'quoteCoin=ETH') && has(ASSET_PATHS.accounts, 'accountType=1') && has(ASSET_PATHS.accounts, 'accountType=2')) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  assert.fail(`the background refresh stored only: ${Object.keys(fresh).join(', ')}`)
})
