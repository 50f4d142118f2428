import { expect, test } from 'vitest'
import { entryScripts, givenUp, GIVE_UP_MS, isChunkLoadError, retryDelayMs } from '../../src/lib/chunk-failure.ts'

test('recognises the failed imports of Chromium, Firefox, Safari and Vite, and nothing else', () => {
  for (const message of [
    'Failed to fetch dynamically imported module: http://x/mobile/assets/market-abc.js',
    'error loading dynamically imported module: http://x/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /mobile/assets/kline.css',
  ]) expect(isChunkLoadError(new TypeError(message)), message).toBe(true)
  expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  expect(isChunkLoadError(null)).toBe(false)
})

test('retries back off to 15 s and give up 120 s after the first failure', () => {
  expect([0, 1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000])
  expect(GIVE_UP_MS).toBe(120_000)
  expect(givenUp(1000, 1000 + 119_999)).toBe(false)
  expect(givenUp(1000, 1000 + 120_000)).toBe(true)
})

test('reads the entry scripts of a built index.html', () => {
  const html = '<script>inline()</script><script type="module" crossorigin src="/mobile/assets/index-AbC.js"></script>'
  expect(entryScripts(html)).toEqual(['/mobile/assets/index-AbC.js'])
  expect(entryScripts('<html></html>')).toEqual([])
})
