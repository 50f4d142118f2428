// How the app looks (issue 21): the theme follows the system's scheme until a theme is chosen
// under /me; the choice overrides the system, holds over a reload offline and is in force before
// the page's body is even parsed (no flash); the status bar's colour (theme-color) follows. A
// toast never covers the control that raised it (the Log in button). The chart's canvas follows
// the theme. The Security centre's hints are whole in every language on the narrowest phone
// (item 15).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Page } from 'playwright-core'
import { eventually, readCanvas } from '../support/kline-page.ts'
import { useWorld } from './harness.ts'
import { logInUnderWorker } from './steps.ts'

const world = useWorld()
const LIGHT_BG = 'rgb(244, 245, 247)'
const DARK_BG = 'rgb(11, 14, 20)'

/** The theme as the page shows it: data-theme, the body's background, and the status bar's colours. */
async function shown(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.documentElement).backgroundColor,
    bars: [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => `${meta.media}=${meta.content}`),
  }))
}

const barsOf = (light: string, dark: string) => [`(prefers-color-scheme: light)=${light}`, `(prefers-color-scheme: dark)=${dark}`]

test('the theme follows the system until one is chosen', async () => {
  const { page } = world.browser
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(`${world.server.url}/mobile/home`)
  await page.getByRole('heading', { name: 'A deflationary launchpad' }).waitFor()
  assert.deepEqual(await shown(page), { theme: 'light', background: LIGHT_BG, bars: barsOf('#f4f5f7', '#0b0e14') })
  // The system changes while the app is open: the app follows at once.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
  assert.equal((await shown(page)).background, DARK_BG)
})

test("the chart draws in the theme's colours and redraws when the theme changes", async () => {
  const { page } = world.browser
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto(`${world.server.url}/mobile/market/kline?symbol=btcusdt&base=BTC&quote=USDT`)
  const canvas = page.getByRole('region', { name: 'Chart' }).locator('canvas')
  // readCanvas counts the pixels in the page's own --up and --down, so each theme's are checked.
  const drawn = async (theme: string) => {
    await page.waitForFunction((value) => document.documentElement.dataset.theme === value, theme)
    await eventually(async () => {
      const pixels = await readCanvas(canvas)
      assert.ok(pixels.up > 50 && pixels.down > 50, `${theme}: candles in the theme's colours: ${JSON.stringify(pixels)}`)
    })
  }
  await drawn('dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await drawn('light')
})

test('a toast covers neither the button that raised it nor any other control', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/login`)
  await page.getByLabel('Email', { exact: true }).fill('demo@exchange.local')
  await page.getByLabel('Login password').fill('Wrong2026pass')
  const button = page.getByRole('button', { name: 'Log in' })
  await button.click()
  const toast = page.locator('.toast')
  await toast.waitFor()
  const toastBox = await toast.boundingBox()
  assert.ok(toastBox, 'the toast is on screen')
  const covered = await page.evaluate((box) => {
    const controls = document.querySelectorAll('button, a[href], input, select, textarea, [role="button"], [role="radio"], [role="tab"]')
    return [...controls].flatMap((control) => {
      const r = control.getBoundingClientRect()
      const hit = r.width > 0 && r.top < box.y + box.height && box.y < r.bottom && r.left < box.x + box.width && box.x < r.right
      return hit ? [control.outerHTML.slice(0, 80)] : []
    })
  }, toastBox)
  assert.deepEqual(covered, [], `the toast ${JSON.stringify(toastBox)} covers no control`)
  // The Log in button itself, named for the record.
  const buttonBox = await button.boundingBox()
  assert.ok(buttonBox && (toastBox.y + toastBox.height <= buttonBox.y || buttonBox.y + buttonBox.height <= toastBox.y))
})

test('the choice under /me overrides the system, holds offline over a reload and is in force before the body is parsed', async () => {
  const { page, context } = world.browser
  await page.emulateMedia({ colorScheme: 'light' })
  await logInUnderWorker(page, world.server.url, '/mobile/me')
  const theme = page.getByRole('radiogroup', { name: 'Theme' })
  assert.equal(await theme.getByRole('radio', { name: 'System' }).getAttribute('aria-checked'), 'true')
  assert.equal((await shown(page)).theme, 'light')

  await theme.getByRole('radio', { name: 'Dark' }).click()
  assert.equal(await theme.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked'), 'true')
  assert.deepEqual(await shown(page), { theme: 'dark', background: DARK_BG, bars: barsOf('#0b0e14', '#0b0e14') })

  // What data-theme is when the body's first element is parsed, before any of the app's code runs.
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      if (!document.body) return
      ;(window as unknown as { themeAtBody?: string }).themeAtBody = document.documentElement.dataset.theme ?? 'none'
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  await context.setOffline(true)
  try {
    await page.reload()
    await theme.getByRole('radio', { name: 'Dark' }).waitFor()
    assert.equal(await page.evaluate(() => (window as unknown as { themeAtBody?: string }).themeAtBody), 'dark')
    assert.equal(await theme.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked'), 'true')
    assert.deepEqual(await shown(page), { theme: 'dark', background: DARK_BG, bars: barsOf('#0b0e14', '#0b0e14') })

    // Light while the system is dark; then System again follows the system.
    await page.emulateMedia({ colorScheme: 'dark' })
    await theme.getByRole('radio', { name: 'Light' }).click()
    assert.deepEqual(await shown(page), { theme: 'light', background: LIGHT_BG, bars: barsOf('#f4f5f7', '#f4f5f7') })
    await page.reload()
    await theme.getByRole('radio', { name: 'Light' }).waitFor()
    assert.equal(await page.evaluate(() => (window as unknown as { themeAtBody?: string }).themeAtBody), 'light')
    await theme.getByRole('radio', { name: 'System' }).click()
    assert.deepEqual(await shown(page), { theme: 'dark', background: DARK_BG, bars: barsOf('#f4f5f7', '#0b0e14') })
  } finally {
    await context.setOffline(false)
  }
})

test("the Security centre's hints fit their fields in every language at 320 px", async () => {
  const { page } = world.browser
  await page.setViewportSize({ width: 320, height: 700 })
  try {
    for (const lang of ['en-US', 'zh-CN', 'ko', 'ja']) {
      await page.evaluate((value) => localStorage.setItem('User-Lang', value), lang)
      await page.goto(`${world.server.url}/mobile/me/safety`)
      await page.locator('input[placeholder]').first().waitFor()
      await page.waitForFunction((value) => document.documentElement.lang === value, lang)
      // A placeholder cannot wrap: its text must be narrower than the field's text box.
      const cut = await page.evaluate(() => {
        const context = document.createElement('canvas').getContext('2d')
        if (!context) return ['no canvas']
        return [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')].flatMap((input) => {
          const style = getComputedStyle(input)
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
          return context.measureText(input.placeholder).width > room ? [`${input.placeholder} (${Math.round(room)} px)`] : []
        })
      })
      assert.deepEqual(cut, [], `${lang}: every hint is whole`)
    }
  } finally {
    await page.evaluate(() => localStorage.setItem('User-Lang', 'en-US'))
    await page.setViewportSize({ width: 390, height: 844 })
  }
})

test('Korean wraps between words, never inside one (item 13: "이곳에/서", "높아집니/다")', async () => {
  const { page } = world.browser
  await page.setViewportSize({ width: 320, height: 700 })
  try {
    await page.goto(`${world.server.url}/mobile/home`)
    await page.evaluate(() => localStorage.setItem('User-Lang', 'ko'))
    await page.reload()
    await page.waitForFunction(() => document.documentElement.lang === 'ko')
    const blurb = page.locator('p').filter({ hasText: /[가-힣]{2,}\s[가-힣]/ }).first()
    await blurb.waitFor()
    const broken = await blurb.evaluate((element) => {
      // Each word of the paragraph's text must sit on one line: one box per word.
      const text = element.firstChild
      if (!text || text.nodeType !== Node.TEXT_NODE) return ['no text node']
      const words = [...(text.textContent ?? '').matchAll(/\S+/g)]
      const lines = new Set<number>()
      const split = words.flatMap((word) => {
        const range = document.createRange()
        range.setStart(text, word.index)
        range.setEnd(text, word.index + word[0].length)
        const boxes = [...range.getClientRects()]
        for (const box of boxes) lines.add(Math.round(box.top))
        return new Set(boxes.map((box) => Math.round(box.top))).size > 1 ? [word[0]] : []
      })
      return lines.size > 1 ? split : ['the paragraph does not wrap at 320 px: nothing tested']
    })
    assert.deepEqual(broken, [], 'no Korean word is split across lines')
  } finally {
    await page.evaluate(() => localStorage.setItem('User-Lang', 'en-US'))
    await page.setViewportSize({ width: 390, height: 844 })
  }
})
