// "The app works through the cluster exactly as through `npm start`, offline layer included"
// (architecture §5, §6 "Storage and scale-out"). A real cluster (scripts/cluster-lib.mjs: PostgreSQL
// in a temp dir, two server instances on it, nginx in front as the one address) serves the built
// app; Chromium only ever talks to nginx. The demo user logs in under the service worker, sees the
// market list and the assets; an avatar and a deposit proof uploaded through nginx are served by
// every instance alike. Then every instance is stopped — nginx stays up and answers 502, the
// cluster's own way of being unreachable, unlike `npm start`'s refused connection — and the app
// still shows the stored market list and assets with their age, and queues a transfer in the
// outbox. With the instances back, the transfer arrives once: the balances move once and the
// ledger (checked by `admin verify` on the cluster's database) has exactly one more entry.
import assert from 'node:assert/strict'
import { execFile, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { startCluster, type Cluster } from '../../scripts/cluster-lib.mjs'
import { ASSET_PATHS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { openBrowser, type Browser } from './harness.ts'
import { logInUnderWorker } from './steps.ts'

const root = join(import.meta.dirname, '..', '..')
const INSTANCES = 2
const MARK = /^Offline · data as of \d{2}:\d{2}$/
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-cluster-'))
// mkdtemp makes it 0700; run as root, PostgreSQL runs as the postgres user, which must reach
// dataDir/postgres through it (initdb: "could not access directory … Permission denied").
chmodSync(dataDir, 0o755)
let cluster: Cluster
let browser: Browser
let token = ''

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve))

async function until(what: string, check: () => Promise<boolean>, tries = 100): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  assert.fail(`timed out waiting for ${what}`)
}

before(async () => {
  cluster = await startCluster({
    root, dataDir, instances: INSTANCES, port: 0, pgPort: 0,
    // Spelled out although the instances' default (./dist under the repo) is the same build.
    env: { STATIC_DIR: join(root, 'dist'), LOG_LEVEL: 'warn' },
    log: () => {},
  })
  browser = await openBrowser()
})

after(async () => {
  await browser?.close()
  await cluster?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A call through nginx with the demo user's session. */
async function api<T>(path: string, form: Record<string, string>, base = cluster.url): Promise<T> {
  const answer = await fetch(`${base}${path}`, { method: 'POST', headers: { 'access-token': token }, body: new URLSearchParams(form) })
  const body = (await answer.json()) as { code: number; data: T }
  assert.equal(body.code, 1, `${path} answered ${JSON.stringify(body)}`)
  return body.data
}
const usdt = async (accountType: 1 | 2) =>
  (await api<Array<{ currencyName: string; availableCurrency: string }>>(ASSET_PATHS.accounts, { accountType: String(accountType) }))
    .find((row) => row.currencyName === 'USDT')?.availableCurrency
const transfersIn = async () =>
  (await api<{ list: Array<{ amount: string }> }>(ASSET_PATHS.records, {
    pageNo: '1', pageSize: '10', tradeType: String(RECORD_TYPES.transferIn), accountType: '2',
  })).list.map((record) => record.amount)

/** `admin verify` on the cluster's database: fails unless consistent; answers the number of entries. */
async function ledgerEntries(): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['server/admin/cli.ts', 'verify'], {
    cwd: root, env: { ...process.env, DATA_DIR: join(dataDir, 'shared'), DATABASE_URL: cluster.databaseUrl },
  })
  const match = /^ledger consistent: (\d+) entries/m.exec(stdout)
  assert.ok(match, stdout)
  return Number(match[1])
}

/** The same GET from every instance directly (bypassing nginx): each answers these bytes. */
async function sameFromEveryInstance(path: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const answers = await Promise.all(cluster.instances.map(async (instance) => {
    const answer = await fetch(`http://127.0.0.1:${instance.port}${path}`, { headers })
    assert.equal(answer.status, 200, `instance on ${instance.port} serves ${path}`)
    assert.equal(answer.headers.get('content-type'), 'image/jpeg')
    return Buffer.from(await answer.arrayBuffer())
  }))
  for (const bytes of answers) assert.ok(bytes.equals(answers[0]!), `every instance serves the same ${path}`)
  return answers[0]!
}

/** The outbox's entries as the worker sees them (architecture §5), to explain a transfer that did not arrive. */
const outboxEntries = (page: Page) =>
  page.evaluate(() => new Promise<unknown>((resolve, reject) => {
    const open = indexedDB.open('novaex-outbox')
    open.addEventListener('error', () => reject(open.error))
    open.addEventListener('success', () => {
      const read = open.result.transaction('entries').objectStore('entries').getAll()
      read.addEventListener('error', () => reject(read.error))
      read.addEventListener('success', () => {
        open.result.close()
        resolve((read.result as Array<Record<string, unknown>>).map(({ state, attempts, lastError, notBefore }) => ({ state, attempts, lastError, notBefore })))
      })
    })
  }))

const mark = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline/ })
const marketRows = (page: Page) => page.getByRole('table', { name: 'USDT markets' }).getByRole('row').filter({ has: page.getByRole('rowheader') })
const btcPrice = (page: Page) =>
  page.getByRole('table', { name: 'USDT markets' }).getByRole('row').filter({ has: page.getByRole('link', { name: 'BTC/USDT' }) }).getByRole('cell').first()
/** A figure ('Available', 'Frozen') of a currency's row in the spot assets list. */
const figure = (page: Page, currency: string, label: string) =>
  page.getByRole('list', { name: 'Spot assets' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: currency, exact: true }) })
    .locator('div').filter({ has: page.getByText(label, { exact: true }) }).getByRole('definition')
const pending = (page: Page) => page.getByRole('region', { name: 'Pending transfers' })

async function showsMarketAndAssets(page: Page): Promise<void> {
  await page.goto(`${cluster.url}/mobile/market`)
  await marketRows(page).first().waitFor()
  assert.equal(await marketRows(page).count(), 7, 'every USDT pair is listed')
  // The price, then its unit for a screen reader (.sr-only).
  assert.match(await btcPrice(page).innerText(), /^[\d,]+\.\d{2}\s+USDT$/)
  await page.goto(`${cluster.url}/mobile/account/assert/1`)
  // Each figure is read with its unit.
  assert.equal((await figure(page, 'USDT', 'Available').textContent())?.replace(/\s+/g, ' ').trim(), '10,000 USDT')
  assert.equal((await figure(page, 'BTC', 'Available').textContent())?.replace(/\s+/g, ' ').trim(), '0.5 BTC')
}

test('through nginx, the demo user logs in under the worker and sees the market list and the assets', async () => {
  const { page } = browser
  await logInUnderWorker(page, cluster.url, '/mobile/home')
  token = await page.evaluate(() => localStorage.getItem('User-Token') ?? '')
  assert.ok(token, 'signed in')
  await showsMarketAndAssets(page)
  assert.equal(await mark(page).count(), 0, 'no offline mark while the cluster answers')
  // The transfer screen's reads are stored too, for the transfer made offline below.
  await page.goto(`${cluster.url}/mobile/assert/transfer/1`)
  await page.getByText('Available: 10,000 USDT').waitFor()
})

test('an avatar and a deposit proof uploaded through nginx are served alike by every instance', async () => {
  const { page } = browser
  // Any real picture will do: the server re-encodes every upload.
  const picture = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 160, height: 160 } })

  await page.goto(`${cluster.url}/mobile/me/profile`)
  await page.getByLabel('Change avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture })
  await page.getByText('Avatar updated').waitFor()
  await page.reload()
  const icon = await page.getByRole('img', { name: 'Avatar' }).getAttribute('src')
  assert.match(icon ?? '', /\/bb\/user\/avatar\/.+\.jpg$/)
  const avatar = await sameFromEveryInstance(new URL(icon!, cluster.url).pathname)
  assert.ok(avatar.equals(Buffer.from(await (await fetch(new URL(icon!, cluster.url))).arrayBuffer())), 'nginx serves it too')

  // The deposit screen has tests of its own: here the upload goes through nginx by fetch.
  const form = new FormData()
  for (const [name, value] of Object.entries({ currency: 'USDT', chain: 'TRC20', amount: '25' })) form.append(name, value)
  form.append('proof', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'proof.png')
  const answer = await fetch(`${cluster.url}${ASSET_PATHS.deposit}`, { method: 'POST', headers: { 'access-token': token }, body: form })
  const deposit = (await answer.json()) as { code: number; data: { id: string } }
  assert.equal(deposit.code, 1, JSON.stringify(deposit))
  await sameFromEveryInstance(`${ASSET_PATHS.depositProof}?id=${deposit.data.id}`, { 'access-token': token })

  // Deposit addresses derive from a secret every instance must share (architecture §6 "Deposits").
  const addresses = await Promise.all(cluster.instances.map((instance) =>
    api<{ address: string }>(ASSET_PATHS.depositAddress, { currency: 'USDT', chain: 'TRC20' }, `http://127.0.0.1:${instance.port}`)))
  assert.equal(new Set(addresses.map((address) => address.address)).size, 1, 'one deposit address whichever instance answers')
})

let entriesBefore = 0

test('with every instance stopped (nginx answers 502), the stored market list and assets are shown with their age', async () => {
  const { page } = browser
  entriesBefore = await ledgerEntries()
  for (const instance of cluster.instances) instance.child.kill('SIGTERM')
  await Promise.all(cluster.instances.map((instance) => exited(instance.child)))
  assert.equal((await fetch(`${cluster.url}${ASSET_PATHS.accounts}`, { method: 'POST' })).status, 502, 'nginx is up, nothing behind it')

  await showsMarketAndAssets(page)
  assert.match(await mark(page).innerText(), MARK)
  await page.goto(`${cluster.url}/mobile/market`)
  await marketRows(page).first().waitFor()
  assert.match(await mark(page).innerText(), MARK)
})

test('a transfer made meanwhile waits in the outbox; with the instances back it arrives exactly once', async () => {
  const { context, page } = browser
  await page.goto(`${cluster.url}/mobile/assert/transfer/1`)
  await page.getByText('Available: 10,000 USDT').waitFor()
  await page.getByLabel('Amount (USDT)').fill('5')
  await page.getByRole('button', { name: 'Transfer', exact: true }).click()
  await page.getByRole('dialog', { name: 'Confirm transfer' }).getByRole('button', { name: 'Confirm' }).click()
  // The page tries first (nginx's 502) and only then hands the entry to the outbox: closing the tab
  // before that would leave the entry on hold for the page's own attempt (architecture §5).
  await page.getByText('No network: the transfer is queued and will be sent when the network is back').waitFor()
  await pending(page).getByRole('listitem', { name: 'Transfer of 5 USDT' }).getByText(/Pending/).waitFor()
  await page.close()
  assert.equal(await ledgerEntries(), entriesBefore, 'nothing moved while the instances were down')

  await Promise.all(cluster.instances.map((instance) => cluster.restart(instance.index)))
  // nginx skips an instance for 2 s after it failed (fail_timeout): wait until it proxies again.
  await until('nginx to reach the instances', async () => (await fetch(`${cluster.url}/mobile/`)).ok)

  // Opening the app again flushes the outbox (architecture §5).
  const again = await context.newPage()
  browser.page = again
  await again.goto(`${cluster.url}/mobile/account/assert/2`)
  await until('the queued transfer to arrive', async () => (await usdt(2)) === '1005').catch(async (error: Error) =>
    assert.fail(`${error.message}; the outbox holds ${JSON.stringify(await outboxEntries(again))}`))
  // Once the entry has left the outbox nothing can send it again.
  await pending(again).waitFor({ state: 'detached' })
  assert.deepEqual([await usdt(1), await usdt(2)], ['9995', '1005'], 'the balances moved once')
  assert.deepEqual(await transfersIn(), ['5'], 'one transfer record')
  assert.equal(await ledgerEntries(), entriesBefore + 1, 'one ledger entry')
})
