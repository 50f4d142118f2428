// Reading the chart screen in the browser tests: the canvas's pixels, the kline answers, and a
// bounded retry for what the 5 s tick changes.
import type { Locator, Page } from 'playwright-core'

/**
 * Reads the chart's canvas: pixels in each exact candle colour, and the candles visible (runs of
 * pixel columns holding a candle colour; bodies are drawn apart). The candle colours are the
 * theme's --up and --down (src/lib/theme, the chart reads them), as the page has them now.
 */
export function readCanvas(canvas: Locator): Promise<{ up: number; down: number; candles: number }> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    // The function runs in the page, so everything it uses is written inside it.
    const style = getComputedStyle(document.documentElement)
    const [up, down] = ['--up', '--down'].map((name) => {
      const hex = style.getPropertyValue(name).trim().replace('#', '')
      return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16))
    }) as [number[], number[]]
    const { data, width } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height)
    const is = (i: number, [r, g, b]: number[]) => data[i] === r && data[i + 1] === g && data[i + 2] === b
    const result = { up: 0, down: 0, candles: 0 }
    const columns = new Uint8Array(width)
    for (let i = 0; i < data.length; i += 4) {
      const colour = is(i, up) ? 'up' : is(i, down) ? 'down' : null
      if (!colour) continue
      result[colour]++
      columns[(i / 4) % width] = 1
    }
    for (let x = 0; x < width; x++) if (columns[x] && !columns[x - 1]) result.candles++
    return result
  })
}

/** Retries `check` until it passes (bounded: 100 tries, 100 ms apart). */
export async function eventually(check: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await check()
    } catch (error) {
      if (attempt >= 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** The next getKline answer for a period: the 2000-candle load, or with size 2 the tick's tail. */
export const klineAnswer = (page: Page, period: string, size = 2000) =>
  page.waitForResponse((response) => {
    const body = new URLSearchParams(response.request().postData() ?? '')
    return response.url().endsWith('/bb/huobi/getKline') && body.get('timer') === period && body.get('size') === String(size)
  })
