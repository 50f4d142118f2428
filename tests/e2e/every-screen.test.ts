// Every screen of the route table, in every language, as a visitor and as the demo trader, on the
// narrowest phone WCAG asks for (320 CSS px, 1.4.10 reflow): the page never scrolls sideways, no
// text runs out of its box or is cut (ja's Position invitation once ran off the right edge under a
// word-break meant for Korean; titles once ended in an ellipsis), no number breaks digit by digit,
// no text is under 12 px, and axe-core finds no serious or critical WCAG 2.2 A/AA violation — in
// the dark theme for en-US and ko, the light one for zh-CN and ja, so each theme is checked in two
// languages and each language in one theme. The checks are scripts/a11y-checks.ts, the same as
// `npm run a11y`. Two browsers walk two languages each at once: most of a visit is waiting.
import assert from 'node:assert/strict'
import { before, after, test } from 'node:test'
import type { Page } from 'playwright-core'
import { axeProblems, reflowProblems, smallTexts } from '../../scripts/a11y-checks.ts'
import { TRADER_ROUTES, VISITOR_ROUTES } from '../../scripts/app-routes.ts'
import { signInDemo } from '../../scripts/demo-server.ts'
import { openBrowser, useWorld, type Browser } from './harness.ts'

const world = useWorld()
let second: Browser
before(async () => { second = await openBrowser() })
after(async () => { await second?.close() })

const THEME_OF = { 'en-US': 'dark', 'zh-CN': 'light', ko: 'dark', ja: 'light' } as const
type Lang = keyof typeof THEME_OF

/** Opens each route in each of `langs` on `page` and notes every problem. */
async function walk(page: Page, langs: readonly Lang[]): Promise<string[]> {
  const url = world.server.url
  const problems: string[] = []
  await page.setViewportSize({ width: 320, height: 693 })
  await page.goto(`${url}/mobile/login`)
  for (const lang of langs) {
    await page.evaluate(({ language, theme }) => {
      localStorage.setItem('User-Lang', language)
      localStorage.setItem('User-Theme', theme)
      for (const key of ['User-Token', 'User-Id', 'User-Login']) localStorage.removeItem(key)
    }, { language: lang, theme: THEME_OF[lang] })
    const visit = async (route: string, who: string) => {
      await page.goto(`${url}/mobile${route}`)
      await page.waitForFunction((value) => document.documentElement.lang === value, lang)
      // The screen's data arrives after its first paint; its texts are what must fit.
      await page.waitForTimeout(600)
      const found = [...(await page.evaluate(reflowProblems)), ...(await page.evaluate(smallTexts, 12)), ...(await axeProblems(page))]
      for (const problem of found) problems.push(`${who} ${lang} ${THEME_OF[lang]} ${route}: ${problem}`)
    }
    for (const route of VISITOR_ROUTES) await visit(route, 'visitor')
    await signInDemo(page, url)
    for (const route of TRADER_ROUTES) await visit(route, 'trader')
  }
  return problems
}

test('every route reflows at 320 px, fits its texts and passes axe, in every language and both themes, for a visitor and a trader', async () => {
  const problems = (await Promise.all([walk(world.browser.page, ['en-US', 'zh-CN']), walk(second.page, ['ko', 'ja'])])).flat()
  assert.deepEqual(problems, [])
})
