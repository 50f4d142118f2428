// What the transfer tests share: the demo user's login through the app (its session, once the
// service worker controls the page); reads from the server itself (not through the proxy or the
// page) with that session: the accounts' USDT and the contract account's "transfer in" records;
// and a bounded wait for a condition that the app or the worker makes true.
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { ASSET_PATHS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { DEMO } from './steps.ts'

export function demoReads(serverUrl: () => string, token: () => string) {
  async function api<T>(path: string, form: Record<string, string>): Promise<T> {
    const answer = await fetch(`${serverUrl()}${path}`, { method: 'POST', headers: { 'access-token': token() }, body: new URLSearchParams(form) })
    const body = (await answer.json()) as { code: number; data: T }
    assert.equal(body.code, 1, `${path} answered ${JSON.stringify(body)}`)
    return body.data
  }
  return {
    async usdt(accountType: 1 | 2): Promise<string> {
      const rows = await api<Array<{ currencyName: string; availableCurrency: string }>>(ASSET_PATHS.accounts, { accountType: String(accountType) })
      return rows.find((row) => row.currencyName === 'USDT')?.availableCurrency ?? ''
    },
    /** Amounts of the contract account's "transfer in" records, newest first. */
    async transfersIn(): Promise<string[]> {
      const page = await api<{ list: Array<{ amount: string }> }>(ASSET_PATHS.records, {
        pageNo: '1', pageSize: '10', tradeType: String(RECORD_TYPES.transferIn), accountType: '2',
      })
      return page.list.map((record) => record.amount)
    },
  }
}

export async function waitFor(what: string, check: () => Promise<boolean>, tries = 100): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  assert.fail(`timed out waiting for ${what}`)
}

/** Logs the demo user in through the app at `origin`; answers its session token. */
export async function logInAsDemo(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/mobile/login`)
  await page.getByLabel('Email', { exact: true }).fill(DEMO.email)
  await page.getByLabel('Login password').fill(DEMO.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/mobile/home**')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const token = await page.evaluate(() => localStorage.getItem('User-Token') ?? '')
  assert.ok(token)
  return token
}
