// Two-factor codes and passkeys in Chromium (issue 22). The page is opened at http://localhost:<port>
// (browsers refuse an IP address as a passkey's RP id; the server derives the RP id from Host).
// Two-factor codes are turned on at /me/safety/two-factor by DECODING THE QR CODE FROM A SCREENSHOT
// of the screen, as a phone's app would, and codes are computed from it with otpauth; the test
// signs out and in with the password and a computed code; a recovery code signs in once and is
// refused the second time. Then a passkey is registered at /me/safety/passkeys with the DevTools
// virtual authenticator (the page asks for a code first: with codes on, adding one needs it) and
// "Sign in with a passkey" signs in without typing the email, and without a code.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import jsQR from 'jsqr'
import { TOTP, URI } from 'otpauth'
import type { Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { useWorld } from './harness.ts'
import { DEMO } from './steps.ts'

const world = useWorld()
/** The server's address as a name: a passkey's RP id must be one. */
const app = () => world.server.url.replace('127.0.0.1', 'localhost')

let totp: TOTP
/** The last step a code was used for: the server refuses a step again (and one not after the last). */
let lastStep = -Infinity
const PERIOD_MS = 30_000

/**
 * A code the server has not seen: for the step after the last one used, within the server's window
 * of one step either side (the previous step only while 3 s of the current one are left, so it is
 * still in the window when the server checks it). Waits when the next step is still too far ahead.
 */
async function freshCode(page: Page): Promise<string> {
  for (;;) {
    const now = Date.now()
    const current = Math.floor(now / PERIOD_MS)
    const earliest = now % PERIOD_MS < PERIOD_MS - 3000 ? current - 1 : current
    const step = Math.max(lastStep + 1, earliest)
    if (step <= current + 1) {
      lastStep = step
      return totp.generate({ timestamp: step * PERIOD_MS })
    }
    await page.waitForTimeout(500)
  }
}

async function signInWithPassword(page: Page) {
  await page.goto(`${app()}/mobile/login`)
  await page.getByLabel('Email', { exact: true }).fill(DEMO.email)
  await page.getByLabel('Login password').fill(DEMO.password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

async function signOut(page: Page) {
  await page.goto(`${app()}/mobile/me`)
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.getByRole('dialog', { name: 'Log out of this device?' }).getByRole('button', { name: 'Log out' }).click()
  await page.waitForFunction(() => localStorage.getItem('User-Token') === null)
}

const signedIn = (page: Page) => page.waitForURL((url) => !url.pathname.startsWith('/mobile/login'))

let recoveryCodes: string[] = []

test('turns two-factor codes on by scanning the QR code on the screen', async () => {
  const { page } = world.browser
  await signInWithPassword(page)
  await signedIn(page)
  await page.goto(`${app()}/mobile/me/safety/two-factor`)
  await page.getByTestId('two-factor-state').filter({ hasText: 'Off' }).waitFor()
  await page.getByRole('button', { name: 'Turn on' }).click()

  const qr = page.getByRole('img', { name: /QR code of your two-factor key/ })
  const png = PNG.sync.read(await qr.screenshot())
  const decoded = jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)
  assert.ok(decoded, 'the QR code on the screen decodes')
  const parsed = URI.parse(decoded.data)
  assert.ok(parsed instanceof TOTP, decoded.data)
  totp = parsed
  assert.equal(totp.digits, 6)
  // The key written under it is the same key, in groups of four.
  assert.equal((await page.getByTestId('two-factor-key').textContent())?.replaceAll(' ', ''), totp.secret.base32)

  await page.getByLabel('Code from the app').fill(await freshCode(page))
  await page.getByRole('button', { name: 'Turn on' }).click()
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await page.getByText('Keep these somewhere safe; each works once', { exact: false }).waitFor()
  recoveryCodes = await codes.allTextContents()
  assert.equal(recoveryCodes.length, 10)
  for (const code of recoveryCodes) assert.match(code, /^[a-z0-9]{4}-[a-z0-9]{4}$/)
  await page.getByRole('button', { name: 'Done' }).click()
  await page.getByTestId('two-factor-state').filter({ hasText: 'On' }).waitFor()
})

test('signing in then asks for a code after the password; a computed code signs in', async () => {
  const { page } = world.browser
  await signOut(page)
  await signInWithPassword(page)
  const field = page.getByLabel('Authentication code')
  await field.waitFor()
  assert.equal(await field.getAttribute('autocomplete'), 'one-time-code')
  await field.fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.getByText('The code is wrong or has expired, please enter the current code').waitFor()
  await field.fill(await freshCode(page))
  await page.getByRole('button', { name: 'Verify' }).click()
  await signedIn(page)
  assert.ok(await page.evaluate(() => localStorage.getItem('User-Token')))
})

test('a recovery code signs in once and is refused the second time', async () => {
  const { page } = world.browser
  const code = recoveryCodes[0] ?? ''
  for (const round of [1, 2]) {
    if (round === 1) await signOut(page)
    await signInWithPassword(page)
    await page.getByRole('button', { name: 'Use a recovery code' }).click()
    await page.getByLabel('Recovery code').fill(code.toUpperCase())
    await page.getByRole('button', { name: 'Verify' }).click()
    if (round === 1) {
      await signedIn(page)
      await signOut(page)
    } else {
      await page.locator('.field__error').waitFor()
      assert.equal(await page.evaluate(() => localStorage.getItem('User-Token')), null)
    }
  }
})

test('registers a passkey (after a code) and signs in with it without typing the email', async () => {
  const { context, page } = world.browser
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  // Still on the code step after the refused recovery code: another recovery code signs in (a
  // code from the app would do too, but each one used is a 30-second step the next must wait for).
  await page.getByLabel('Recovery code').fill(recoveryCodes[1] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await signedIn(page)

  await page.goto(`${app()}/mobile/me/safety/passkeys`)
  await page.getByText('No passkeys yet.').waitFor()
  await page.getByLabel('Name (optional)').fill('Test phone')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  // With two-factor codes on, a change on the security page asks for a code first (code -4).
  const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' })
  await dialog.getByLabel('Authentication code').fill(await freshCode(page))
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('list', { name: 'Your passkeys' }).getByText('Test phone').waitFor()

  await signOut(page)
  await page.goto(`${app()}/mobile/login`)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await signedIn(page)
  assert.ok(await page.evaluate(() => localStorage.getItem('User-Token')))
  await cdp.detach()
})
