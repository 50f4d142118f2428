// Sessions and the withdrawal allow-list in the browser (issue 22): two devices signed in as the
// demo user; one signs the other out from /me/safety/sessions, and the other, left open on a
// screen that needs a session and calling nothing itself, is signed out within seconds (the
// shell's session check) and shown the login. Then the allow-list is turned on, an address is
// added with the fund password and confirmed with the mailed code, and a withdrawal to it is
// refused with the server's words about its waiting time.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Page } from 'playwright-core'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SESSION_CHECK_MS } from '../../src/features/me/session-check.ts'
import { readMailCode } from '../support/outbox.ts'
import { openBrowser, useWorld, type Browser } from './harness.ts'
import { DEMO, logIn } from './steps.ts'

const world = useWorld()
let other: Browser
before(async () => {
  other = await openBrowser({ serviceWorkers: 'block' })
})
after(async () => {
  await other?.close()
})

const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'

/** A change on the security page may ask for the login password again (code -3); give it when asked. */
async function confirmIfAsked(page: Page, done: ReturnType<Page['getByText']>) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' })
  await dialog.or(done).first().waitFor()
  if (await dialog.isVisible()) {
    await dialog.getByLabel('Login password').fill(DEMO.password)
    await dialog.getByRole('button', { name: 'Confirm' }).click()
  }
  await done.waitFor()
}

test('signing out the other device from the sessions list signs it out there within seconds', async () => {
  const { page } = world.browser
  await logIn(other.page, world.server.url, '/mobile/me/safety/sessions')
  await other.page.getByText('This device').waitFor()
  await logIn(page, world.server.url, '/mobile/me/safety/sessions')

  const list = page.getByRole('list', { name: 'Signed-in devices' })
  await list.getByRole('listitem').nth(1).waitFor()
  assert.equal(await list.getByRole('listitem').count(), 2)
  const mine = list.getByRole('listitem').filter({ hasText: 'This device' })
  assert.equal(await mine.getByRole('button').count(), 0, 'this device is signed out with Log out, not here')

  const started = Date.now()
  await list.getByRole('button', { name: /^Sign out / }).click()
  await page.getByRole('dialog', { name: 'Sign out this device?' }).getByRole('button', { name: 'Sign out' }).click()
  await confirmIfAsked(page, page.getByRole('status').filter({ hasText: 'The device was signed out' }))
  await list.getByRole('listitem').filter({ hasNotText: 'This device' }).waitFor({ state: 'detached' })

  // The other device, untouched, learns it at its next session check and goes to the login.
  await other.page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.sessionExpired }).waitFor({ timeout: SESSION_CHECK_MS + 5000 })
  await other.page.waitForURL('**/mobile/login?redirect=**')
  assert.equal(await other.page.evaluate(() => localStorage.getItem('User-Token')), null)
  assert.ok(Date.now() - started < SESSION_CHECK_MS + 5000)
  // This device stays signed in.
  await page.reload()
  await list.getByText('This device').waitFor()
})

test('with the allow-list on, a new confirmed address is refused for withdrawals with the waiting time', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/me/safety/allow-list`)
  await page.getByRole('button', { name: 'Turn on' }).click()
  await page.getByRole('dialog', { name: 'Turn on the allow-list?' }).getByRole('button', { name: 'Turn on' }).click()
  await confirmIfAsked(page, page.getByRole('status').filter({ hasText: /^● On$/ }))

  // Added from the withdrawal, as a trader does: the fund password is asked for, a code is mailed.
  await page.goto(`${world.server.url}/mobile/assert/withdrawel?currency=USDT`)
  await page.getByRole('link', { name: 'Choose from the address book' }).click()
  await page.getByRole('link', { name: 'Add address' }).click()
  await page.getByLabel('Address', { exact: true }).fill(TRC20_ADDRESS)
  await page.getByLabel('Fund password').fill('123456')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('status').filter({ hasText: 'We mailed you a code' }).waitFor()

  const row = page.getByRole('listitem').filter({ hasText: 'TR7NHq…gjLj6t' })
  await row.getByText('Not confirmed').waitFor()
  await row.getByRole('button', { name: 'Enter code for address TR7NHq…gjLj6t' }).click()
  const sheet = page.getByRole('dialog', { name: 'Confirm this address' })
  await sheet.getByLabel('Code from the email').fill(readMailCode(world.server.dataDir, DEMO.email))
  await sheet.getByRole('button', { name: 'Confirm' }).click()
  await sheet.waitFor({ state: 'detached' })
  await row.getByText(/^◷ Usable from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/).waitFor()

  await row.getByRole('button', { name: /, withdraw to this address$/ }).click()
  await page.waitForURL('**/mobile/assert/withdrawel?**')
  await page.getByText(/With the allow-list on, this address can be used from/).waitFor()
  await page.getByLabel('Amount (USDT)').fill('20')
  await page.getByLabel('Fund password').fill('123456')
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click()
  const answer = page.waitForResponse((response) => response.url().endsWith('/bb/assets/withdraw'))
  await page.getByRole('dialog', { name: 'Confirm withdrawal' }).getByRole('button', { name: 'Confirm withdrawal' }).click()
  assert.equal(((await (await answer).json()) as { msg: string }).msg, SERVER_MESSAGES.addressWaiting)
  await page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.addressWaiting }).waitFor()
})
