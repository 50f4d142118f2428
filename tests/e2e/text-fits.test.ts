// Every text fits its box, in every language, on a phone: no line runs past its card or the screen
// (ja's Position invitation once ran off the right edge under a word-break meant for Korean; an
// email broke as "support@exchang/e.local"). Each route of the app, signed in as the demo trader,
// at 390 px, in en-US, zh-CN, ko and ja. An element that scrolls on purpose (overflow other than
// visible) is its own business; everything else must be no wider inside than out.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { useWorld } from './harness.ts'
import { logIn } from './steps.ts'

const world = useWorld()

/** Screens a visitor sees (signed out), then the trader's. */
const VISITOR_ROUTES = ['/login', '/register', '/password', '/protocol', '/position']
const ROUTES = [
  '/home', '/home/new', '/home/detail?id=1', '/home/join?id=1', '/home/record', '/market', '/action/trade',
  '/action/contract', '/action/secondContract', '/position', '/trade/record', '/contract/record', '/secondContract/record',
  '/account/assert/1', '/account/assert/2', '/assert/detail/USDT', '/assert/record', '/assert/recharge', '/assert/exchange',
  '/assert/withdrawel', '/assert/transfer/1', '/assert/addresscurrencylist', '/me', '/me/about', '/me/profile', '/me/help',
  '/me/contact', '/me/share', '/me/message', '/me/safety', '/me/verify',
]

/** Elements (tag.class "text…") whose content is wider than their box, though they do not scroll. */
function overflowing(): string[] {
  const found: string[] = []
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    if (element.clientWidth === 0 || element.closest('svg, canvas, [aria-hidden="true"]')) continue
    const style = getComputedStyle(element)
    if (style.overflowX !== 'visible' || style.display === 'inline') continue
    if (element.scrollWidth > element.clientWidth + 1) {
      found.push(`${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 40)}" (${element.scrollWidth} > ${element.clientWidth})`)
    }
  }
  return found
}

const LANGS = ['en-US', 'zh-CN', 'ko', 'ja']

/** Opens each route in each language and notes every text wider than its box. */
async function look(routes: readonly string[], who: string): Promise<string[]> {
  const { page } = world.browser
  const problems: string[] = []
  try {
    for (const lang of LANGS) {
      await page.evaluate((value) => localStorage.setItem('User-Lang', value), lang)
      for (const route of routes) {
        await page.goto(`${world.server.url}/mobile${route}`)
        await page.waitForFunction((value) => document.documentElement.lang === value, lang)
        // The screen's data arrives after its first paint; its texts are what must fit.
        await page.waitForTimeout(600)
        for (const problem of await page.evaluate(overflowing)) problems.push(`${who} ${lang} ${route}: ${problem}`)
      }
    }
  } finally {
    await page.evaluate(() => localStorage.setItem('User-Lang', 'en-US'))
  }
  return problems
}

test('every route fits its texts at 390 px in every language, for a visitor and for a trader', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/home`)
  const problems = await look(VISITOR_ROUTES, 'visitor')
  await logIn(page, world.server.url, '/home')
  problems.push(...(await look(ROUTES, 'trader')))
  assert.deepEqual(problems, [])
})
