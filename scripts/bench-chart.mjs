// Benchmark (architecture §8, not a test): the first draw of the 2000-candle chart, from uPlot's
// creation to its `ready` hook (scales, axes and the candle painter), as the app itself measures it
// with performance.measure('kline-chart:first-draw'). Runs the built app (dist/) on the real server
// with a fresh data dir, in Debian's Chromium at phone size. Budget ≤ 30 ms.
//   node scripts/with-node24.mjs scripts/bench-chart.mjs [--runs=7] [--cpu-slowdown=1]
// scripts/bench.mjs may import measureChartFirstDraw() and print the figure with the others.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startDemoServer } from './demo-server.ts'
import { ensureChromium } from './ensure-chromium.mjs'
import { root, runBin } from './lib.mjs'

export const CHART_BUDGET_MS = 30
const MEASURE = 'kline-chart:first-draw'
const KLINE_URL = '/mobile/market/kline?symbol=btcusdt&base=BTC&quote=USDT'

/** The built app (or BENCH_STATIC_DIR's build) on the real server with a fresh data dir. */
export const startServer = () => startDemoServer(process.env.BENCH_STATIC_DIR)

export const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Opens the chart `runs` times in fresh pages; answers every first draw in ms and their median. */
export async function measureChartFirstDraw({ runs = 7, cpuSlowdown = 1 } = {}) {
  if (!existsSync(join(root, 'dist', 'index.html'))) runBin('build the app (vite build)', 'vite', ['build', '--logLevel', 'warn'])
  const { chromium } = await import('playwright-core')
  const server = await startServer()
  const profile = mkdtempSync(join(tmpdir(), 'bench-chart-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: ensureChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const samples = []
    for (let run = 0; run < runs; run++) {
      const page = await context.newPage()
      if (cpuSlowdown > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
      await page.goto(`${server.url}${KLINE_URL}`)
      const handle = await page.waitForFunction(
        (name) => performance.getEntriesByName(name).find((entry) => entry.detail?.candles === 2000)?.duration,
        MEASURE,
        { timeout: 30_000 },
      )
      samples.push(await handle.jsonValue())
      await page.close()
    }
    return { samples, medianMs: median(samples), budgetMs: CHART_BUDGET_MS }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
    await server.stop()
  }
}

const option = (name, fallback) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cpuSlowdown = option('cpu-slowdown', 1)
  const { samples, medianMs, budgetMs } = await measureChartFirstDraw({ runs: option('runs', 7), cpuSlowdown })
  const verdict = medianMs <= budgetMs ? 'within' : 'OVER'
  const cpu = cpuSlowdown > 1 ? `, CPU ${cpuSlowdown}× slowed` : ''
  console.log(`2000-candle chart, first draw: median ${medianMs.toFixed(1)} ms${cpu} (runs: ${samples.map((ms) => ms.toFixed(1)).join(', ')}) — ${verdict} the ≤ ${budgetMs} ms budget`)
}
