// `npm run screenshots`: every route of the app, in every language and both themes, at a phone's
// 390×844, as a visitor where the route is for visitors and as the demo trader elsewhere — the
// look a reviewer must take before calling a screen done (docs/architecture.md, "Tests"). Serves
// the built app (dist/; run `npm start` or the build first) from its own server on a free loopback
// port with a fresh data dir, and writes one PNG per screen plus contact sheets (12 screens each,
// half size) that are quick to look through:
//   node scripts/with-node24.mjs scripts/screenshots.mjs [--out=.screenshots] [--locales=en-US,ja]
//        [--themes=dark,light] [--only=/home,/market]
// Bounded: every wait has a timeout, and the server and browser stop at the end.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM } from './ensure-chromium.mjs'
import { freePort } from './free-port.mjs'
import { root } from './lib.mjs'

const option = (name, fallback) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const out = resolve(option('out', join(root, '.screenshots')))
const locales = option('locales', 'en-US,zh-CN,ko,ja').split(',')
const themes = option('themes', 'dark,light').split(',')
const only = option('only', '').split(',').filter(Boolean)

// What a visitor sees (signed out), then what the demo trader sees. Ids are the demo data's.
const VISITOR_ROUTES = ['/login', '/register', '/password', '/protocol', '/position']
const TRADER_ROUTES = [
  '/home', '/home/new', '/home/detail?id=1', '/home/join?id=1', '/home/record', '/home/wbook?id=1',
  '/market', '/market/kline?symbol=btcusdt', '/action/trade', '/action/contract', '/action/secondContract', '/position',
  '/trade/record', '/contract/record', '/secondContract/record',
  '/account/assert/1', '/account/assert/2', '/assert/detail/USDT', '/assert/record', '/assert/recharge', '/assert/exchange',
  '/assert/withdrawel', '/assert/transfer/1', '/assert/addresslist', '/assert/addresscurrencylist', '/assert/addaddress',
  '/me', '/me/about', '/me/profile', '/me/help', '/me/contact', '/me/mPdf', '/me/share', '/me/share-record', '/me/lang',
  '/me/message', '/me/msgdetail', '/me/safety', '/me/verify',
]
const picked = (routes) => (only.length ? routes.filter((route) => only.includes(route.split('?')[0])) : routes)

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'screenshots-data-'))
  const port = await freePort()
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(root, 'dist'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    if (await fetch(`${url}/mobile/`).then((r) => r.ok, () => false)) break
    if (attempt === 100 || child.exitCode !== null) throw new Error('the server did not start')
    await new Promise((done) => setTimeout(done, 100))
  }
  return { url, stop: () => { child.kill(); rmSync(dataDir, { recursive: true, force: true }) } }
}

const fileName = (theme, locale, route) => `${theme}-${locale}-${route.replace(/^\//, '').replace(/[/?=&]+/g, '_') || 'root'}.png`

async function shoot(page, url, route, path) {
  await page.goto(`${url}/mobile${route}`, { waitUntil: 'load' })
  // Screens load their data after the first paint: give them a moment and the fonts, never forever.
  await page.waitForTimeout(1500)
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path })
}

/** Sheets of 12 screens (6 × 2, half size) so a reviewer looks through a theme and language fast. */
async function contactSheets(context, shots, prefix) {
  const page = await context.newPage()
  await page.setViewportSize({ width: 6 * 200, height: 2 * 450 })
  for (let start = 0, sheet = 1; start < shots.length; start += 12, sheet++) {
    const cells = shots.slice(start, start + 12).map(({ path, route }) =>
      `<figure><img src="data:image/png;base64,${readFileSync(path).toString('base64')}"><figcaption>${route}</figcaption></figure>`).join('')
    await page.setContent(`<style>body{margin:0;display:grid;grid-template-columns:repeat(6,200px);background:#888;font:11px sans-serif}
      figure{margin:0;height:450px;overflow:hidden}img{width:195px;display:block}figcaption{background:#000;color:#fff;padding:1px 3px}</style>${cells}`)
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(out, `sheet-${prefix}-${sheet}.png`) })
  }
  await page.close()
}

const server = await startServer()
mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
})
try {
  for (const theme of themes) {
    for (const locale of locales) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, colorScheme: theme })
      const page = await context.newPage()
      page.setDefaultTimeout(20_000)
      await page.goto(`${server.url}/mobile/login`)
      await page.evaluate((lang) => localStorage.setItem('User-Lang', lang), locale)
      const shots = []
      for (const route of picked(VISITOR_ROUTES)) {
        const path = join(out, fileName(theme, locale, `visitor${route}`))
        await shoot(page, server.url, route, path)
        shots.push({ path, route: `${route} (visitor)` })
      }
      const login = await fetch(`${server.url}/bb/user/login`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account: 'demo@exchange.local', password: 'Demo2026pass' }),
      }).then((r) => r.json())
      if (login.code !== 1) throw new Error(`demo login failed: ${JSON.stringify(login)}`)
      await page.evaluate(({ token, userId }) => {
        localStorage.setItem('User-Token', token)
        localStorage.setItem('User-Id', String(userId))
        localStorage.setItem('User-Login', '1')
      }, login.data)
      for (const route of picked(TRADER_ROUTES)) {
        const path = join(out, fileName(theme, locale, route))
        await shoot(page, server.url, route, path)
        shots.push({ path, route })
      }
      await contactSheets(context, shots, `${theme}-${locale}`)
      await context.close()
      console.log(`${theme} ${locale}: ${shots.length} screens`)
    }
  }
} finally {
  await browser.close()
  server.stop()
}
console.log(`screenshots and contact sheets (sheet-*.png) in ${out}`)
