// Money in and out through the screens, against the real server and the operators' tool: a
// deposit with a proof image approved by `admin approve` (the balance rises by exactly 25), then
// an address added to the book and a withdrawal of 20 USDT frozen, approved and finished.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'node:test'
import { crc32, deflateSync } from 'node:zlib'
import type { Page, Response } from 'playwright-core'
import { useWorld } from './harness.ts'

const world = useWorld()
const root = join(import.meta.dirname, '..', '..')
// A real TRC20 address (base58check, T…): the server checks the chain's format.
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'

/** One PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid 16×16 RGB PNG: the server decodes and re-encodes proofs, so it must be a real image. */
function pngProof(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(16, 0)
  header.writeUInt32BE(16, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(16 * 3, 0x7f)])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: 16 }, () => row)))
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))])
}

/** The operators' tool (`npm run admin -- approve <id>`) on the test server's data directory. */
function approve(recordId: string): string {
  return execFileSync(process.execPath, ['server/admin/cli.ts', 'approve', recordId], {
    cwd: root, env: { ...process.env, DATA_DIR: world.server.dataDir }, encoding: 'utf8',
  })
}

const recordIdOf = async (response: Promise<Response>) => String(((await (await response).json()) as { data: { id: string } }).data.id)

/** The spot account's USDT row as the account screen shows it, after a fresh load. */
async function spotUsdt(page: Page): Promise<{ available: string; frozen: string }> {
  await page.goto(`${world.server.url}/mobile/account/assert/1`)
  const row = page.locator('li').filter({ has: page.getByRole('link', { name: 'USDT', exact: true }) })
  const figure = (label: string) => row.locator('div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd')
  await figure('Available').waitFor()
  // As a screen reader reads them: each figure with its unit.
  const read = async (label: string) => ((await figure(label).textContent()) ?? '').replace(/\s+/g, ' ').trim()
  return { available: await read('Available'), frozen: await read('Frozen') }
}

async function latestRecord(page: Page, type: string) {
  await page.goto(`${world.server.url}/mobile/assert/record`)
  const record = page.getByRole('article', { name: `${type} USDT` }).first()
  await record.waitFor()
  return record
}

test('log in as the demo account', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/login?redirect=%2Fassert%2Frecharge`)
  await page.getByLabel('Email', { exact: true }).fill('demo@exchange.local')
  await page.getByLabel('Login password').fill('Demo2026pass')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/mobile/assert/recharge?**')
})

test('a deposit of 25 USDT with a proof waits for review, and approval credits exactly 25', async () => {
  const { page } = world.browser
  const before = await spotUsdt(page)
  assert.equal(before.available, '10,000 USDT')
  await page.goto(`${world.server.url}/mobile/assert/recharge?currency=USDT`)
  await page.getByRole('img', { name: 'QR code of the USDT TRC20 deposit address' }).waitFor()
  assert.match(await page.getByTestId('deposit-address').innerText(), /^T[1-9A-HJ-NP-Za-km-z]{33}$/)
  await page.getByText('Credited after 12 network confirmations').waitFor()

  await page.getByLabel('Deposit amount (USDT)').fill('25')
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.getByText('Please upload credentials').waitFor()
  await page.getByLabel('Payment proof').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: pngProof() })
  await page.getByRole('img', { name: 'Preview of the payment proof' }).waitFor()
  const answer = page.waitForResponse((response) => response.url().endsWith('/bb/assets/deposit'))
  await page.getByRole('button', { name: 'Submit' }).click()
  const depositId = await recordIdOf(answer)
  await page.getByText(/Deposit of 25 USDT submitted/).waitFor()

  const record = await latestRecord(page, 'Deposit')
  await record.getByText('Pending review').waitFor()
  assert.equal((await spotUsdt(page)).available, '10,000 USDT', 'nothing is credited before the review')

  approve(depositId)
  await page.reload()
  assert.equal((await spotUsdt(page)).available, '10,025 USDT')
  await (await latestRecord(page, 'Deposit')).getByText('Finished').waitFor()
})

test('an address added from the withdrawal is picked, and 20 USDT are frozen, then leave on approval', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/assert/withdrawel?currency=USDT`)
  await page.getByRole('link', { name: 'Choose from the address book' }).click()
  await page.waitForURL('**/mobile/assert/addresslist?**')
  await page.getByRole('link', { name: 'Add address' }).click()
  await page.getByLabel('Address', { exact: true }).fill('TnotAnAddress')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('The address is not valid for this network').waitFor()
  await page.getByLabel('Address', { exact: true }).fill(TRC20_ADDRESS)
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('button', { name: /^TRC20\s*TR7NHq…gjLj6t\s*Not confirmed\s*, withdraw to this address$/ }).click()
  await page.waitForURL('**/mobile/assert/withdrawel?**')
  await page.getByRole('link', { name: /, change$/ }).filter({ hasText: 'TRC20' }).waitFor()

  await page.getByLabel('Amount (USDT)').fill('20')
  await page.getByLabel('Fund password').fill('123456')
  assert.equal(await page.getByLabel('Remark').inputValue(), 'TRC20')
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click()
  const sheet = page.getByRole('dialog', { name: 'Confirm withdrawal' })
  await sheet.getByText(TRC20_ADDRESS).waitFor()
  await sheet.getByText('19 USDT').waitFor()
  const answer = page.waitForResponse((response) => response.url().endsWith('/bb/assets/withdraw'))
  await sheet.getByRole('button', { name: 'Confirm withdrawal' }).click()
  const withdrawalId = await recordIdOf(answer)
  await page.getByText(/Withdrawal of 20 USDT submitted/).waitFor()

  assert.deepEqual(await spotUsdt(page), { available: '10,005 USDT', frozen: '20 USDT' })
  await (await latestRecord(page, 'Withdrawal')).getByText('Pending review').waitFor()

  approve(withdrawalId)
  await page.reload()
  assert.deepEqual(await spotUsdt(page), { available: '10,005 USDT', frozen: '0 USDT' })
  await (await latestRecord(page, 'Withdrawal')).getByText('Finished').waitFor()
})

test('offline, a withdrawal is refused with a clear message and nothing is sent', async () => {
  const { page, context } = world.browser
  await page.goto(`${world.server.url}/mobile/assert/withdrawel?currency=USDT`)
  await page.getByRole('link', { name: 'Choose from the address book' }).click()
  await page.getByRole('button', { name: /^TRC20\s*TR7NHq…gjLj6t\s*Not confirmed\s*, withdraw to this address$/ }).click()
  await page.getByLabel('Amount (USDT)').fill('20')
  await page.getByLabel('Fund password').fill('123456')
  let sent = 0
  page.on('request', (request) => void (request.url().endsWith('/bb/assets/withdraw') && sent++))
  await context.setOffline(true)
  try {
    await page.getByText(/You are offline. Withdrawals cannot be sent/).waitFor()
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'Withdrawals are only sent with a connection' }).waitFor()
    assert.equal(await page.getByRole('dialog').count(), 0)
  } finally {
    await context.setOffline(false)
  }
  assert.equal(sent, 0)
})
