// Steps browser tests share: logging in through the screen (also once the service worker controls
// the page, for the offline tests), and decimals read from the screen as exact integers of 10^-8
// (every amount carries at most 8 decimals), so sums compare exactly.
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'

export const DEMO = { email: 'demo@exchange.local', password: 'Demo2026pass' }

export function units(text: string): bigint {
  // Screens group thousands ('10,025.5'): the separators are display only.
  const match = /^([+-]?)(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim().replaceAll(',', ''))
  assert.ok(match, `a decimal: ${JSON.stringify(text)}`)
  const value = BigInt(match[2] ?? '0') * 100_000_000n + BigInt((match[3] ?? '').padEnd(8, '0'))
  return match[1] === '-' ? -value : value
}

type Who = { email: string; password: string }

/** Logs in on the login screen, then opens `path` (under /mobile). */
export async function logIn(page: Page, url: string, path: string, who: Who = DEMO): Promise<void> {
  await page.goto(`${url}/mobile/login`)
  await submitLogin(page, url, path, who)
}

/**
 * Logs in like logIn, once the service worker controls the page: what the later screens read goes
 * through the worker, which keeps it for offline reading.
 */
export async function logInUnderWorker(page: Page, url: string, path: string, who: Who = DEMO): Promise<void> {
  await page.goto(`${url}/mobile/login`)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await submitLogin(page, url, path, who)
}

/** Fills and sends the login screen open on `page`, then opens `path`. */
async function submitLogin(page: Page, url: string, path: string, who: Who): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(who.email)
  await page.getByLabel('Login password').fill(who.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((next) => !next.pathname.startsWith('/mobile/login'))
  await page.goto(`${url}${path}`)
}
