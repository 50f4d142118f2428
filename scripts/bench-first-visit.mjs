// Benchmark (architecture §8, not a test): a phone's first visit. Runs the built app (dist/) on the
// real server with a fresh data dir in Debian's Chromium, fresh profile, and measures
//  - the JS + CSS bytes of a first visit of /mobile/home as Chromium reports them on the wire
//    (CDP Network.loadingFinished encodedDataLength: compressed body plus headers), the requests,
//    and the request chain depth of the JS/CSS fetched before the first contentful paint
//    (1 = asked for by the HTML, 2 = by a script the HTML asked for, …);
//  - Lighthouse (npm `lighthouse`, mobile preset, Debian's Chromium) on the budget's pages,
//    median of three runs per page, each figure beside its budget.
//   node scripts/with-node24.mjs scripts/bench-first-visit.mjs [--runs=3] [--skip-lighthouse]
// A missed budget is reported, never an exit code.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { median, startServer } from './bench-chart.mjs'
import { ensureChromium } from './ensure-chromium.mjs'

export const FIRST_VISIT_BUDGET_KB = 100
const PAGES = [
  { path: '/mobile/home', performance: 95, accessibility: 100 },
  { path: '/mobile/market', performance: 95, accessibility: 100 },
  { path: '/mobile/action/trade', performance: 90, accessibility: 100 },
  { path: '/mobile/action/contract', performance: 90, accessibility: 100 },
]
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/** One first visit of `path` in a fresh profile: every request with its type, bytes and depth. */
export async function measureFirstVisit(origin, path = '/mobile/home') {
  const { chromium } = await import('playwright-core')
  const profile = mkdtempSync(join(tmpdir(), 'bench-first-visit-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: ensureChromium(), headless: true, args: CHROMIUM_FLAGS,
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const cdp = await context.newCDPSession(page)
    const requests = new Map()
    cdp.on('Network.requestWillBeSent', (event) => {
      const initiator = event.initiator.url ?? event.initiator.stack?.callFrames?.[0]?.url
        ?? event.initiator.stack?.parent?.callFrames?.[0]?.url
      requests.set(event.requestId, { url: event.request.url, type: event.type, initiator, wallMs: event.wallTime * 1000, bytes: 0 })
    })
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId)
      if (request) request.bytes = event.encodedDataLength
    })
    await cdp.send('Network.enable')
    await page.goto(origin + path, { waitUntil: 'load' })
    // The lazy parts of the screen (live pairs, catalogs) come after load: let them finish.
    await page.waitForLoadState('networkidle')
    const { timeOrigin, fcp } = await page.evaluate(() => ({
      timeOrigin: performance.timeOrigin,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    }))
    const all = [...requests.values()]
    const byUrl = new Map(all.map((request) => [request.url, request]))
    const depthOf = (request, seen = new Set()) => {
      if (request.type === 'Document') return 0
      const parent = request.initiator && byUrl.get(request.initiator)
      if (!parent || seen.has(parent)) return 1
      seen.add(parent)
      return depthOf(parent, seen) + 1
    }
    const code = all.filter((request) => request.type === 'Script' || request.type === 'Stylesheet')
    const beforePaint = code.filter((request) => request.wallMs <= timeOrigin + fcp)
    return {
      requests: all.length,
      codeRequests: code.length,
      codeBytes: code.reduce((sum, request) => sum + request.bytes, 0),
      allBytes: all.reduce((sum, request) => sum + request.bytes, 0),
      fcpMs: fcp,
      depthBeforePaint: Math.max(0, ...beforePaint.map((request) => depthOf(request))),
      depthAll: Math.max(0, ...code.map((request) => depthOf(request))),
      code: code.map((request) => ({ url: request.url, bytes: request.bytes, depth: depthOf(request), beforePaint: beforePaint.includes(request) })),
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

/** Lighthouse's mobile preset on one page, in its own Chromium: the scores and the paint figures. */
async function lighthouseOnce(url) {
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({ chromePath: ensureChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] })
    const { categories, audits } = result.lhr
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
    }
  } finally {
    chrome.kill()
  }
}

/** Median of `runs` Lighthouse runs per page, with the load average beside each page. */
export async function measureLighthouse(origin, runs = 3) {
  const rows = []
  for (const page of PAGES) {
    const samples = []
    for (let run = 0; run < runs; run++) samples.push(await lighthouseOnce(origin + page.path))
    const mid = (key) => median(samples.map((sample) => sample[key]))
    rows.push({ ...page, samples, load: loadavg()[0], median: Object.fromEntries(['performance', 'accessibility', 'fcp', 'lcp', 'tbt', 'cls'].map((key) => [key, mid(key)])) })
  }
  return rows
}

const kb = (bytes) => (bytes / 1024).toFixed(1)
const verdict = (ok) => (ok ? 'met' : 'MISSED')

/** The whole first-visit bench as printable lines. */
export async function firstVisitReport({ runs = 3, lighthouse = true } = {}) {
  const server = await startServer()
  const lines = []
  try {
    const visit = await measureFirstVisit(server.url)
    lines.push(`First visit of /mobile/home in Chromium (load ${loadavg()[0].toFixed(2)}):`)
    lines.push(`  JS + CSS on the wire ${kb(visit.codeBytes)} KB in ${visit.codeRequests} requests (budget ≤ ${FIRST_VISIT_BUDGET_KB} KB) ${verdict(visit.codeBytes <= FIRST_VISIT_BUDGET_KB * 1024)}`)
    lines.push(`  everything ${kb(visit.allBytes)} KB in ${visit.requests} requests; first contentful paint ${visit.fcpMs.toFixed(0)} ms`)
    if (process.argv.includes('--list')) {
      for (const file of visit.code) lines.push(`    ${kb(file.bytes).padStart(6)} KB  depth ${file.depth}${file.beforePaint ? ' before paint' : ''}  ${new URL(file.url).pathname}`)
    }
    lines.push(`  request chain depth of JS/CSS before first paint ${visit.depthBeforePaint} (budget ≤ 2: the entry and its preloads) ${verdict(visit.depthBeforePaint <= 2)}; after it ${visit.depthAll}`)
    if (lighthouse) {
      lines.push(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, median of ${runs} runs:`)
      for (const row of await measureLighthouse(server.url, runs)) {
        const { performance, accessibility, fcp, lcp, tbt, cls } = row.median
        const ok = performance >= row.performance && accessibility >= row.accessibility
        lines.push(`  ${row.path.padEnd(26)} performance ${String(performance).padStart(3)} (≥ ${row.performance}, runs ${row.samples.map((s) => s.performance).join('/')})  accessibility ${String(accessibility).padStart(3)} (= ${row.accessibility})  FCP ${(fcp / 1000).toFixed(1)} s  LCP ${(lcp / 1000).toFixed(1)} s  TBT ${tbt.toFixed(0)} ms  CLS ${cls.toFixed(3)}  load ${row.load.toFixed(2)}  ${verdict(ok)}`)
      }
    }
  } finally {
    await server.stop()
  }
  return lines
}

const option = (name, fallback) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await firstVisitReport({ runs: option('runs', 3), lighthouse: !process.argv.includes('--skip-lighthouse') })) console.log(line)
}
