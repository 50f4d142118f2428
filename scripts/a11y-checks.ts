// What WCAG 2.2 AA asks of a screen, measured in the page (docs/architecture.md, "Accessibility"):
// axe-core's A/AA rules, reflow (nothing scrolls sideways, nothing clipped, numbers never broken
// digit by digit), text sizes and targets. Shared by `npm run a11y` (a report to read while fixing)
// and the browser tests (tests/e2e/accessibility.test.ts), so both judge a screen the same way.
// Each check runs in the page through playwright's evaluate, which is not subject to the app's
// Content-Security-Policy: the app's own policy stays as strict as in production.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { CDPSession, Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; failureSummary?: string }[]
}

/** axe-core's WCAG 2.0–2.2 A and AA rules. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/**
 * The serious and critical violations axe-core finds on the page as it is now, each as
 * "rule: what is wrong (where, …)".
 */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async (tags) => {
    // axe is the global that axe-core's source just defined.
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return result.violations.map((violation) => ({
      id: violation.id, impact: violation.impact, help: violation.help,
      targets: violation.nodes.slice(0, 4).map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }))
  }, WCAG_TAGS)
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.targets.join('; ')})`)
}

/**
 * Reflow (WCAG 1.4.10): the page does not scroll sideways; no box that does not scroll is wider
 * inside than out (a text running out of its card, or cut by overflow: hidden or an ellipsis); no
 * number breaks across lines inside itself. Elements that scroll on purpose (overflow auto or
 * scroll: a strip of tabs, the chart) are their own business. Runs in the page.
 */
export function reflowProblems(): string[] {
  const found: string[] = []
  // Drawn by other means (a chart), hidden, or for screen readers only (.sr-only, 1 px on purpose).
  const UNSEEN = 'svg, canvas, .sr-only, [aria-hidden="true"], dialog:not([open])'
  const root = document.documentElement
  if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth} px in ${root.clientWidth} px)`)
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page: it must be self-contained
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`
  for (const element of document.body.querySelectorAll('*')) {
    if (!(element instanceof HTMLElement) || element.clientWidth === 0) continue
    if (element.closest(UNSEEN)) continue
    const style = getComputedStyle(element)
    if (style.display === 'inline' || style.overflowX === 'auto' || style.overflowX === 'scroll') continue
    if (element.scrollWidth > element.clientWidth + 1) {
      found.push(`${describe(element)} is cut or runs out of its box (${element.scrollWidth} > ${element.clientWidth})`)
    }
  }
  // A number is a whole: "60,150.50" on one line, never "60,1" over "50.50".
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  const range = document.createRange()
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    if (!parent || parent.closest(UNSEEN) || parent.getClientRects().length === 0) continue
    const text = node.textContent ?? ''
    for (const match of text.matchAll(/[+\-−]?[\d][\d.,]*\d%?/g)) {
      range.setStart(node, match.index)
      range.setEnd(node, match.index + match[0].length)
      // Two boxes are on two lines when they do not overlap vertically (glyphs from two fonts on
      // one line, as a CJK font's digits next to a Latin comma, sit a pixel apart but overlap).
      const [first, ...rest] = [...range.getClientRects()].filter((rect) => rect.width > 0)
      if (first && rest.some((box) => box.top >= first.bottom - 1)) found.push(`${describe(parent)}: the number ${match[0]} breaks across lines`)
    }
  }
  return found
}

/**
 * Texts drawn smaller than `minimum` CSS px (12 at the default size; twice that when the user
 * doubled the default font, which also finds a size fixed in px). Runs in the page.
 */
export function smallTexts(minimum: number): string[] {
  const found = new Map<string, string>()
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    if (!parent || !(node.textContent ?? '').trim() || parent.getClientRects().length === 0) continue
    if (parent.closest('.sr-only, [aria-hidden="true"], dialog:not([open]), script, style')) continue
    const size = parseFloat(getComputedStyle(parent).fontSize)
    if (size < minimum - 0.01) {
      const key = `${parent.tagName.toLowerCase()}.${typeof parent.className === 'string' ? parent.className.trim().split(/\s+/).join('.') : ''}`
      if (!found.has(key)) found.set(key, `${key} "${(node.textContent ?? '').trim().slice(0, 30)}" is ${size} px`)
    }
  }
  return [...found.values()]
}

/**
 * Controls matching `selector` that are smaller than `size`×`size` CSS px (the main actions:
 * 44×44). Runs in the page.
 */
export function smallTargets({ selector, size }: { selector: string; size: number }): string[] {
  return [...document.querySelectorAll(selector)]
    .map((element) => ({ element, box: element.getBoundingClientRect() }))
    .filter(({ box }) => box.width > 0 && (box.width < size - 0.5 || box.height < size - 0.5))
    .map(({ element, box }) => `"${(element.textContent ?? '').trim().slice(0, 30)}" is ${Math.round(box.width)}×${Math.round(box.height)} px`)
}

const fontSessions = new WeakMap<Page, CDPSession>()

/**
 * Sets the browser's default font size, as a user who raised it in the phone's settings: a text
 * sized in rem follows, one in px does not. `standard` is in px (Chromium's default is 16).
 */
export async function setDefaultFontSize(page: Page, standard: number): Promise<void> {
  // The setting lasts as long as the DevTools session that made it: keep one per page.
  let session = fontSessions.get(page)
  if (!session) {
    session = await page.context().newCDPSession(page)
    fontSessions.set(page, session)
  }
  await session.send('Page.setFontSizes', { fontSizes: { standard, fixed: Math.round((standard * 13) / 16) } })
}
