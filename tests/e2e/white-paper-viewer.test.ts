// The white paper viewer on a phone (390 px): the page fits the screen's width, so its 11 pt body
// text draws at about 10–11 CSS px (an A4 page fitted to the phone drew it at 6 px); each page
// says it is loading until it is drawn (no blank sheet); and the paper is in the reader's language.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PDFDocument } from 'pdf-lib'
import { useWorld } from './harness.ts'

const world = useWorld({}, { serviceWorkers: 'block' })

test('the platform paper fits the width, shows a loading indicator until each page is drawn, in Japanese', async () => {
  const { page } = world.browser
  await page.goto(`${world.server.url}/mobile/me/lang`)
  await page.evaluate(() => localStorage.setItem('User-Lang', 'ja'))
  // Watch each page box from the moment it appears: did it say it was loading before its canvas
  // was drawn, and did that go once drawn? (Recorded as it happens, however fast the drawing is.)
  await page.addInitScript(() => {
    const log: Array<{ page: number; loadingShown: boolean; drawnWithoutIndicator: boolean }> = []
    Object.assign(window, { pageLog: log })
    new MutationObserver(() => {
      document.querySelectorAll('.pdf-viewer__page').forEach((box, index) => {
        const entry = (log[index] ??= { page: index + 1, loadingShown: false, drawnWithoutIndicator: false })
        const drawn = box.querySelector('canvas[data-rendered]') !== null
        const loading = box.querySelector('[role="status"]') !== null
        if (loading && !drawn) entry.loadingShown = true
        if (drawn && !loading) entry.drawnWithoutIndicator = true
      })
    }).observe(document, { subtree: true, childList: true, attributes: true })
  })
  await page.goto(`${world.server.url}/mobile/me/mPdf`)
  const first = page.locator('.pdf-viewer__page').first()
  await first.waitFor()
  await page.waitForFunction(() => {
    const log = (window as unknown as { pageLog: Array<{ loadingShown: boolean; drawnWithoutIndicator: boolean }> }).pageLog
    return log.length === 3 && log.every((entry) => entry.drawnWithoutIndicator)
  })
  const log = await page.evaluate(() => (window as unknown as { pageLog: unknown[] }).pageLog)
  assert.deepEqual(log, [1, 2, 3].map((number) => ({ page: number, loadingShown: true, drawnWithoutIndicator: true })))

  // Fits the width: the page is as wide as the screen less the screen's padding.
  const { canvasWidth, viewportWidth } = await first.evaluate((box) => ({ canvasWidth: box.querySelector('canvas')?.getBoundingClientRect().width ?? 0, viewportWidth: window.innerWidth }))
  assert.ok(canvasWidth >= viewportWidth - 40 && canvasWidth <= viewportWidth, `page ${canvasWidth} px on a ${viewportWidth} px screen`)
  // And its text is legible there: 11 pt body text at the fitted scale is at least 10 px.
  const href = (await page.getByRole('link', { name: 'ダウンロード' }).getAttribute('href')) ?? ''
  assert.match(href, /lang=ja/)
  const bytes = await (await page.request.get(`${world.server.url}${href}`)).body()
  const pageWidth = (await PDFDocument.load(bytes)).getPage(0).getWidth()
  assert.ok((11 * canvasWidth) / pageWidth >= 10, `body text at ${(11 * canvasWidth) / pageWidth} px`)
  assert.equal(await page.locator('.pdf-viewer__count').textContent(), '3 ページ')
})
