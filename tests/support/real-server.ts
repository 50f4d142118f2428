// The reference server as its own process on a free loopback port with a fresh DATA_DIR, for a
// screen test that renders against real answers (the demo account and its seeded data). The page
// (happy-dom) is moved to the server's origin, so the app's same-origin calls reach it as in the app.
import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../scripts/free-port.mjs'

const root = join(import.meta.dirname, '..', '..')

export interface RealServer {
  url: string
  stop(): Promise<void>
}

/** Whether something accepts connections on the port (node's own socket: the test's fetch is the page's). */
const listening = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect(port, '127.0.0.1', () => {
    socket.end()
    resolve(true)
  })
  socket.once('error', () => resolve(false))
})

export async function startRealServer(env: Record<string, string> = {}): Promise<RealServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'screen-data-'))
  const port = await freePort()
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(root, 'public'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  // Bounded wait: 150 tries, 100 ms apart (a first start seeds the demo account).
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const up = await listening(port)
    if (up) break
    if (attempt === 150) throw new Error('server did not answer within 15 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
