// `npm run screenshots`: every route of the app, in every language and both themes, at a phone's
// 390×844, as a visitor where the route is for visitors and as the demo trader elsewhere — the
// look a reviewer must take before calling a screen done (docs/architecture.md, "Tests"). Serves
// the built app (dist/; run `npm start` or the build first) from its own server on a free loopback
// port with a fresh data dir, and writes one PNG per screen plus contact sheets (12 screens each,
// half size) that are quick to look through:
//   node scripts/with-node24.mjs scripts/screenshots.mjs [--out=.screenshots] [--locales=en-US,ja]
//        [--themes=dark,light] [--only=/home,/market] [--width=195] [--font=32]
// Bounded: every wait has a timeout, and the server and browser stop at the end.
import { mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { setDefaultFontSize } from './a11y-checks.ts'
import { LOCALES, TRADER_ROUTES, VISITOR_ROUTES } from './app-routes.ts'
import { signInDemo, startDemoServer } from './demo-server.ts'
import { CHROMIUM } from './ensure-chromium.mjs'
import { root } from './lib.mjs'

const option = (name, fallback) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const out = resolve(option('out', join(root, '.screenshots')))
const locales = option('locales', LOCALES.join(',')).split(',')
const themes = option('themes', 'dark,light').split(',')
const only = option('only', '').split(',').filter(Boolean)
// A low-vision trader's phone: --width=195 is a 390 px phone at 200 % zoom; --font=32 doubles the
// default font size (Chromium's is 16), which every text sized in rem follows.
const width = Number(option('width', '390'))
const font = Number(option('font', '16'))

const picked = (routes) => (only.length ? routes.filter((route) => only.includes(route.split('?')[0])) : routes)

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

const server = await startDemoServer()
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
      const context = await browser.newContext({ viewport: { width, height: Math.round(width * 844 / 390) }, deviceScaleFactor: 390 / width, isMobile: true, hasTouch: true, colorScheme: theme })
      const page = await context.newPage()
      page.setDefaultTimeout(20_000)
      if (font !== 16) await setDefaultFontSize(page, font)
      await page.goto(`${server.url}/mobile/login`)
      await page.evaluate((lang) => localStorage.setItem('User-Lang', lang), locale)
      const shots = []
      for (const route of picked(VISITOR_ROUTES)) {
        const path = join(out, fileName(theme, locale, `visitor${route}`))
        await shoot(page, server.url, route, path)
        shots.push({ path, route: `${route} (visitor)` })
      }
      await signInDemo(page, server.url)
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
  await server.stop()
}
console.log(`screenshots and contact sheets (sheet-*.png) in ${out}`)
