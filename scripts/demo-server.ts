// The built app (dist/) served by the real reference server on a free loopback port with a fresh
// data dir and the demo data, for the tools that walk every screen (npm run screenshots, npm run
// a11y, the benchmarks); STATIC_DIR serves another build instead (vite build --outDir …). Bounded: the start waits at most 10 s, and stop() ends the server and removes its data.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { DEMO } from './app-routes.ts'
import { freePort } from './free-port.mjs'

const root = join(import.meta.dirname, '..')

export interface DemoServer {
  url: string
  /** Stops the server, waits for it to exit and removes its data dir. */
  stop(): Promise<void>
}

/** `staticDir`: the build to serve (default: STATIC_DIR, else dist/). */
export async function startDemoServer(staticDir = process.env.STATIC_DIR ?? join(root, 'dist')): Promise<DemoServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-server-data-'))
  const port = await freePort()
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    if (await fetch(`${url}/mobile/`).then((r) => r.ok, () => false)) break
    if (attempt === 100) throw new Error('server did not answer within 10 s')
    await new Promise((done) => setTimeout(done, 100))
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { url, stop }
}

/**
 * Signs the page in as the demo trader through the API (faster than the login screen, which the
 * browser tests exercise): the session the app keeps in localStorage.
 * `page` is open on the app's origin; `url` is the server's address.
 */
export async function signInDemo(page: Page, url: string): Promise<void> {
  const login = await fetch(`${url}/bb/user/login`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: DEMO.email, password: DEMO.password }),
  }).then((r) => r.json() as Promise<{ code: number; data: { token: string; userId: number } }>)
  if (login.code !== 1) throw new Error(`demo login failed: ${JSON.stringify(login)}`)
  await page.evaluate(({ token, userId }) => {
    localStorage.setItem('User-Token', token)
    localStorage.setItem('User-Id', String(userId))
    localStorage.setItem('User-Login', '1')
  }, login.data)
}
