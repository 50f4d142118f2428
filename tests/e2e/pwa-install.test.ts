// The installable app (issue 5, "Installable"): the worker controls the page, Chromium finds
// nothing missing for installation, the manifest's icons load, and a build deployed while the
// app is open is offered as "Update" and reloads into it. The server serves a copy of dist/, so
// the test can deploy a "new build" (a changed sw.js) without touching the real one.
import assert from 'node:assert/strict'
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { precompressDir } from '../../scripts/vite-precompress.ts'
import { useWorld } from './harness.ts'

const deployed = mkdtempSync(join(tmpdir(), 'e2e-dist-'))
cpSync(join(import.meta.dirname, '..', '..', 'dist'), deployed, { recursive: true })
after(() => rmSync(deployed, { recursive: true, force: true }))

const world = useWorld({ staticDir: deployed })

interface ManifestIcon {
  src: string
  sizes: string
  purpose?: string
}

test('after the first load and a reload, the service worker controls the page under /mobile/', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/home`)
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  assert.equal(scope, `${world.server.url}/mobile/`)

  await page.reload()
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)
  assert.equal(controller, `${world.server.url}/mobile/sw.js`)
})

test('Chromium reports no installability errors and reads the manifest without errors', async () => {
  const { context, page } = world.browser
  const cdp = await context.newCDPSession(page)
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    assert.deepEqual(installabilityErrors, [])
    const manifest = await cdp.send('Page.getAppManifest')
    assert.equal(manifest.url, `${world.server.url}/mobile/manifest.webmanifest`)
    assert.deepEqual(manifest.errors, [])
    const parsed = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>
    assert.equal(parsed.name, 'NovaEx')
    assert.equal(parsed.start_url, '/mobile/')
    assert.equal(parsed.scope, '/mobile/')
    assert.equal(parsed.display, 'standalone')
  } finally {
    await cdp.detach()
  }
})

test('the manifest is served as a web manifest and each of its icons loads as a PNG', async () => {
  const { page } = world.browser
  const manifestUrl = `${world.server.url}/mobile/manifest.webmanifest`
  const answer = await page.request.get(manifestUrl)
  assert.equal(answer.status(), 200)
  assert.match(answer.headers()['content-type'] ?? '', /^application\/manifest\+json/)
  const { icons } = (await answer.json()) as { icons: ManifestIcon[] }
  assert.deepEqual(
    icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).toSorted(),
    ['192x192 any', '512x512 any', '512x512 maskable'],
  )
  for (const icon of icons) {
    const png = await page.request.get(new URL(icon.src, manifestUrl).href)
    assert.equal(png.status(), 200, icon.src)
    assert.equal(png.headers()['content-type'], 'image/png', icon.src)
    const body = await png.body()
    assert.equal(body.subarray(1, 4).toString('latin1'), 'PNG', icon.src)
    const [width, height] = [body.readUInt32BE(16), body.readUInt32BE(20)]
    assert.equal(`${width}x${height}`, icon.sizes, icon.src)
  }
})

test('a build deployed while the app is open shows "Update", which reloads into the new worker', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/market`)
  await page.evaluate(() => navigator.serviceWorker.ready)
  const banner = page.getByRole('status').filter({ has: page.getByRole('button') })
  assert.equal(await banner.count(), 0, 'no update is offered before one is deployed')

  // The "new build": its worker differs by a few bytes, and answers which build it is.
  appendFileSync(
    join(deployed, 'sw.js'),
    "\n;self.addEventListener('message', (event) => { if (event.data === 'which build?') event.ports[0]?.postMessage('build 2') })\n",
  )
  // As a build does: the brotli and gzip twins the server sends follow the file.
  precompressDir(deployed)
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
  await banner.waitFor()
  assert.equal(await banner.getByRole('button').count(), 1)

  await page.evaluate(() => Object.assign(window, { beforeUpdate: true }))
  await Promise.all([page.waitForEvent('load'), banner.getByRole('button').click()])
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  assert.equal(await page.evaluate(() => 'beforeUpdate' in window), false, 'the page reloaded')
  const build = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const controller = navigator.serviceWorker.controller
        if (!controller) return reject(new Error('no controller after the update'))
        const channel = new MessageChannel()
        channel.port1.addEventListener('message', (event) => resolve(String(event.data)))
        channel.port1.start()
        controller.postMessage('which build?', [channel.port2])
        setTimeout(() => reject(new Error('the controller did not answer: it is the old worker')), 5000)
      }),
  )
  assert.equal(build, 'build 2')
  assert.equal(await banner.count(), 0, 'the banner is gone after the update')
  const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))
  assert.equal(waiting, false)
})
