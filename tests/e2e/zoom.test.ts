// A low-vision trader's phone (WCAG 1.4.4 resize text, 1.4.10 reflow): the screens a trader opens
// all day — the tab screens and the three trading screens — at 200 % zoom of a 390 px phone (195
// CSS px wide), in English and in Korean (its long words do not break), and at 390 px with the
// default text size doubled in the browser's settings. Nothing scrolls sideways, nothing is cut,
// no number breaks digit by digit; with the doubled text no text is under 24 px (twice the 12 px
// minimum), which also finds any size fixed in px that ignores the user's setting.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { reflowProblems, setDefaultFontSize, smallTexts } from '../../scripts/a11y-checks.ts'
import { TAB_ROUTES } from '../../scripts/app-routes.ts'
import { signInDemo } from '../../scripts/demo-server.ts'
import { useWorld } from './harness.ts'

const world = useWorld()

/** Opens each tab route in `lang` and notes what does not reflow, and texts under `minimum` px. */
async function walk(page: Page, lang: string, minimum: number, where: string): Promise<string[]> {
  const problems: string[] = []
  await page.evaluate((value) => localStorage.setItem('User-Lang', value), lang)
  for (const route of TAB_ROUTES) {
    await page.goto(`${world.server.url}/mobile${route}`)
    await page.waitForFunction((value) => document.documentElement.lang === value, lang)
    await page.waitForTimeout(600)
    const found = [...(await page.evaluate(reflowProblems)), ...(await page.evaluate(smallTexts, minimum))]
    for (const problem of found) problems.push(`${where} ${lang} ${route}: ${problem}`)
  }
  return problems
}

test('at 200 % zoom (195 CSS px) the tab and trading screens reflow, in English and Korean', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/login`)
  await signInDemo(page, world.server.url)
  await page.setViewportSize({ width: 195, height: 422 })
  try {
    const problems = [...(await walk(page, 'en-US', 12, '195 px')), ...(await walk(page, 'ko', 12, '195 px'))]
    assert.deepEqual(problems, [])
  } finally {
    await page.setViewportSize({ width: 390, height: 844 })
  }
})

test('with the default text size doubled, every text doubles and the tab and trading screens still reflow', async () => {
  const { page } = world.browser
  await setDefaultFontSize(page, 32)
  try {
    assert.deepEqual(await walk(page, 'en-US', 24, 'text 200 %'), [])
  } finally {
    await setDefaultFontSize(page, 16)
  }
})
