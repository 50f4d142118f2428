// `npm run a11y`: what WCAG 2.2 AA finds wrong on every route (scripts/a11y-checks.ts: axe-core's
// serious and critical violations, reflow, texts under 12 px), as a report to read while fixing;
// the browser tests hold the same checks (tests/e2e/accessibility.test.ts). Serves the built app
// (run the build first) and walks every route as a visitor or the demo trader, in the languages,
// themes and phone widths asked for:
//   node scripts/with-node24.mjs scripts/a11y-audit.mjs [--locales=en-US,ja] [--themes=dark,light]
//        [--width=390|320|195] [--font=16|32] [--only=/home,/market] [--skip=axe]
// Exits 1 when it found anything. Bounded: every wait has a timeout; server and browser stop.
import { chromium } from 'playwright-core'
import { axeProblems, reflowProblems, setDefaultFontSize, smallTexts } from './a11y-checks.ts'
import { LOCALES, TRADER_ROUTES, VISITOR_ROUTES } from './app-routes.ts'
import { signInDemo, startDemoServer } from './demo-server.ts'
import { CHROMIUM } from './ensure-chromium.mjs'

const option = (name, fallback) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const locales = option('locales', LOCALES.join(',')).split(',')
const themes = option('themes', 'dark,light').split(',')
const only = option('only', '').split(',').filter(Boolean)
const skip = option('skip', '').split(',')
const width = Number(option('width', '390'))
const font = Number(option('font', '16'))
const picked = (routes) => (only.length ? routes.filter((route) => only.includes(route.split('?')[0])) : routes)

const server = await startDemoServer()
const browser = await chromium.launch({
  executablePath: CHROMIUM, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
})
let count = 0
try {
  for (const theme of themes) {
    for (const locale of locales) {
      const context = await browser.newContext({ viewport: { width, height: Math.round(width * 844 / 390) }, isMobile: true, hasTouch: true, colorScheme: theme })
      const page = await context.newPage()
      page.setDefaultTimeout(20_000)
      if (font !== 16) await setDefaultFontSize(page, font)
      await page.goto(`${server.url}/mobile/login`)
      await page.evaluate((lang) => localStorage.setItem('User-Lang', lang), locale)
      const visit = async (route, who) => {
        await page.goto(`${server.url}/mobile${route}`, { waitUntil: 'load' })
        await page.waitForTimeout(900)
        const problems = [
          ...(skip.includes('axe') ? [] : await axeProblems(page)),
          ...(skip.includes('reflow') ? [] : await page.evaluate(reflowProblems)),
          ...(skip.includes('size') ? [] : await page.evaluate(smallTexts, (12 * font) / 16)),
        ]
        count += problems.length
        for (const problem of problems) console.log(`${theme} ${locale} ${width}px ${who} ${route}: ${problem}`)
      }
      for (const route of picked(VISITOR_ROUTES)) await visit(route, 'visitor')
      await signInDemo(page, server.url)
      for (const route of picked(TRADER_ROUTES)) await visit(route, 'trader')
      await context.close()
    }
  }
} finally {
  await browser.close()
  await server.stop()
}
console.log(`${count} problems`)
process.exit(count === 0 ? 0 : 1)
