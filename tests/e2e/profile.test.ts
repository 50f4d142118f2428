// The profile area through the screens against the real server: the inviter's poster is drawn and
// its QR code decodes to the registration link; a new user registered from that link in a second
// browser submits verification with two real PNGs, is refused a withdrawal, an operator approves
// with the CLI, the state turns verified and a message arrives with the unread count; the invitee
// appears in the inviter's records.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { readMailCode } from '../support/outbox.ts'
import { openBrowser, useWorld, type Browser } from './harness.ts'
import { logIn } from './steps.ts'

const world = useWorld()
const CLI = join(import.meta.dirname, '..', '..', 'server', 'admin', 'cli.ts')
const email = `invitee${Date.now()}@example.com`
const password = 'Sunrise2026'
let link = ''
let invitee: Browser | undefined

/** A real PNG of a document-like picture (a light card with a dark band), as a phone would take. */
function documentPng(shade: number): Buffer {
  const png = new PNG({ width: 320, height: 200 })
  for (let y = 0; y < 200; y++) {
    for (let x = 0; x < 320; x++) {
      const i = (y * 320 + x) * 4
      const band = y > 40 && y < 70
      png.data[i] = band ? 30 : shade
      png.data[i + 1] = band ? 30 : 220
      png.data[i + 2] = band ? 90 : 240 - (x % 40)
      png.data[i + 3] = 255
    }
  }
  return PNG.sync.write(png)
}

const cli = (...args: string[]) =>
  promisify(execFile)(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, DATA_DIR: world.server.dataDir } })

test('the invitation poster is drawn and its QR code decodes to the registration link', async () => {
  const { page } = world.browser
  await logIn(page, world.server.url, '/mobile/me/share')
  const canvas = page.getByRole('img', { name: 'Invitation poster with a QR code of your link' })
  await canvas.waitFor()
  const code = (await page.getByRole('definition').first().textContent())?.replace('Copy', '').trim() ?? ''
  assert.match(code, /^[A-Z0-9]{6,}$/)
  const pixels = await canvas.evaluate((node) => {
    const element = node as HTMLCanvasElement
    const data = element.getContext('2d')!.getImageData(0, 0, element.width, element.height)
    return { width: data.width, height: data.height, data: [...data.data] }
  })
  const distinct = new Set<number>()
  for (let i = 0; i < pixels.data.length; i += 4 * 97) distinct.add((pixels.data[i]! << 16) | (pixels.data[i + 1]! << 8) | pixels.data[i + 2]!)
  assert.ok(distinct.size > 20, 'the poster is drawn, not blank')
  const qr = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)
  assert.ok(qr, 'the QR code decodes')
  link = qr.data
  assert.equal(link, `${world.server.url}/mobile/register?code=${code}`)
  await page.getByText(link).waitFor()
})

test('an invitee registers from the link in a second browser and submits verification with two PNGs', async () => {
  invitee = await openBrowser()
  const { page } = invitee
  await page.goto(link)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByRole('button', { name: /Resend in \d+s/ }).waitFor()
  await page.getByLabel('Email verification code').fill(readMailCode(world.server.dataDir, email))
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Login password', { exact: true }).fill(password)
  await page.getByLabel('Repeat the password').fill(password)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Register' }).click()
  await page.waitForURL('**/mobile/login?**')
  await logIn(page, world.server.url, '/mobile/me/verify', { email, password })

  await page.getByRole('heading', { name: 'Verify your identity' }).waitFor()
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await page.getByText('Please add the front photo of the document').waitFor()
  await page.getByLabel('Full name').fill('Li Wei')
  await page.getByLabel('Document number').fill('11010519491231002X')
  await page.getByLabel('Front photo').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: documentPng(200) })
  await page.getByLabel('Back photo').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: documentPng(160) })
  await page.getByRole('img', { name: 'Preview of the back photo' }).waitFor()
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await page.getByRole('region', { name: 'Verification state' }).getByText('Under review').first().waitFor()
  await page.getByText('1101**********002X').or(page.getByText(/^1101\*+002X$/)).first().waitFor()
})

test('a withdrawal is refused until the identity is verified', async () => {
  assert.ok(invitee)
  const answer = await invitee.page.evaluate(async (path) => {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'access-token': localStorage.getItem('User-Token') ?? '', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ currency: 'USDT', chain: 'TRC20', address: 'TXYZabcdefghijklmnopqrstuvwxyz1234', amount: '10', tradePassword: '123456' }),
    })
    return (await response.json()) as { code: number; msg: string }
  }, ASSET_PATHS.withdraw)
  assert.notEqual(answer.code, 1)
  assert.equal(answer.msg, SERVER_MESSAGES.kycRequired)
})

test('the operator approves with the CLI: verified, and a message with the unread count', async () => {
  assert.ok(invitee)
  const { page } = invitee
  const listed = await cli('kyc', 'list')
  const line = listed.stdout.split('\n').find((row) => row.includes(email))
  assert.ok(line, listed.stdout)
  const id = /^#(\d+)/.exec(line)?.[1]
  assert.ok(id)
  await cli('kyc', 'approve', id)

  await page.reload()
  await page.getByRole('region', { name: 'Verification state' }).getByText('Verified').first().waitFor()
  await page.goto(`${world.server.url}/mobile/me`)
  await page.getByLabel('1 unread').waitFor()
  await page.getByRole('link', { name: /Messages/ }).click()
  await page.getByText('Identity verified').waitFor()
  await page.getByRole('img', { name: 'Unread' }).waitFor()
  await page.getByText('Identity verified').click()
  await page.getByText('Your identity verification was approved. You can now withdraw.').waitFor()
  const unread = page.waitForResponse((response) => response.url().endsWith('/bb/message/unread'))
  await page.goto(`${world.server.url}/mobile/me`)
  assert.deepEqual((await (await unread).json()).data, { unread: 0 })
  await page.getByRole('link', { name: 'Personal information' }).waitFor()
  assert.equal(await page.getByLabel('1 unread').count(), 0, 'opening the message read it')

  // The avatar: picked, uploaded with its progress, and the user info's icon follows.
  await page.getByRole('link', { name: 'Personal information' }).click()
  await page.getByLabel('Change avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: documentPng(90) })
  await page.getByText('Avatar updated').waitFor()
  await page.reload()
  const icon = await page.getByRole('img', { name: 'Avatar' }).getAttribute('src')
  assert.match(icon ?? '', /\/bb\/user\/avatar\/.+\.jpg$/)
  const served = await page.evaluate(async (src) => {
    const response = await fetch(src)
    return { ok: response.ok, type: response.headers.get('content-type') }
  }, icon!)
  assert.deepEqual(served, { ok: true, type: 'image/jpeg' })
  await invitee.close()
  invitee = undefined
})

test('the invitee appears in the inviter\'s records', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/me/share-record`)
  const masked = `${email.charAt(0)}`
  const list = page.getByRole('list', { name: 'Invitees' })
  await list.waitFor()
  const text = (await list.textContent()) ?? ''
  assert.ok(text.startsWith(masked) && text.includes('@example.com'), text)
  assert.ok(text.includes('Verified'), text)
  await page.getByText('Invited: 1').waitFor()
})
