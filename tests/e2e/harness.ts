// The browser tests' world: the built app (dist/) served by the real reference server, started
// as its own process on a free loopback port with a fresh DATA_DIR, and Debian's Chromium driven
// by playwright-core with a fresh profile. Everything started here is stopped by the test's after().
// A test fails on any Content-Security-Policy or Permissions-Policy report in a page's or the
// worker's console (the server's headers, architecture §6): the app must run under its own policy.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, afterEach, before } from 'node:test'
import { freePort } from '../../scripts/free-port.mjs'
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core'

const root = join(import.meta.dirname, '..', '..')

export { freePort } from '../../scripts/free-port.mjs'

export interface RunningServer {
  url: string
  dataDir: string
  stop(): Promise<void>
}

export interface ServerOptions {
  /** Extra environment of the server process (e.g. SECONDS_EXTRA_DURATION); the harness's own keys win. */
  env?: Record<string, string>
  /**
   * The build to serve (default: E2E_STATIC_DIR, else dist/): a test that deploys a new build serves
   * a copy it may change; a developer who builds elsewhere points E2E_STATIC_DIR at it.
   */
  staticDir?: string
  /** A port of the caller's (default: a free one): a restarted server keeps the app's origin. */
  port?: number
  /** A data dir of the caller's, kept at stop() (default: a fresh one, removed at stop()). */
  dataDir?: string
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'e2e-data-'))
  const port = options.port ?? (await freePort())
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env, ...options.env,
      PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: options.staticDir ?? process.env.E2E_STATIC_DIR ?? join(root, 'dist'), LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  // Bounded wait: 100 tries, 100 ms apart.
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const ok = await fetch(`${url}/mobile/`).then((r) => r.ok, () => false)
    if (ok) break
    if (attempt === 99) throw new Error('server did not answer within 10 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

const CHROMIUM_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
]

export interface Browser {
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

/**
 * What Chromium logs when a policy of the server's blocks something ("Executing inline script
 * violates the following Content Security Policy directive…", older builds "Refused to …") or
 * when it cannot read the Permissions-Policy header.
 */
const POLICY_REPORT = /Content Security Policy|Permissions-Policy|permissions policy/i

/** Reports seen since the last test ended, by every browser this file opened. */
const policyReports: string[] = []

const notePolicyReports = (where: string) => (message: ConsoleMessage) => {
  if ((message.type() === 'error' || message.type() === 'warning') && POLICY_REPORT.test(message.text())) {
    policyReports.push(`${where}: ${message.text()}`)
  }
}

function watchPolicyReports(context: BrowserContext): void {
  context.on('console', notePolicyReports('page'))
  context.on('serviceworker', (worker) => worker.on('console', notePolicyReports(`worker ${worker.url()}`)))
}

// Every test of every file that opens a browser: the app ran under its policies without a report.
afterEach(() => {
  const reports = policyReports.splice(0)
  if (reports.length > 0) throw new Error(`The browser reported policy violations:\n${reports.join('\n')}`)
})

export interface BrowserOptions {
  /**
   * 'block' runs the app as a page no service worker controls (architecture §1: screens work without
   * it), for tests of the page's own behaviour whose requests the test intercepts or counts.
   */
  serviceWorkers?: 'allow' | 'block'
}

/** A phone-sized Chromium with a profile of its own (so storage starts empty). */
export async function openBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: options.serviceWorkers ?? 'allow',
  })
  watchPolicyReports(context)
  const page = context.pages()[0] ?? (await context.newPage())
  // Generous: the first start of Chromium on a new machine builds its font cache.
  page.setDefaultTimeout(20_000)
  page.setDefaultNavigationTimeout(30_000)
  return {
    context,
    page,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** A test file's world: one server and one browser, started before its tests and stopped after. */
export function useWorld(options: ServerOptions = {}, browserOptions: BrowserOptions = {}): { server: RunningServer; browser: Browser } {
  const world = {} as { server: RunningServer; browser: Browser }
  before(async () => {
    world.server = await startServer(options)
    world.browser = await openBrowser(browserOptions)
  })
  after(async () => {
    await world.browser?.close()
    await world.server?.stop()
  })
  return world
}
