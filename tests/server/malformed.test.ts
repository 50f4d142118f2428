import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness.ts'
import { apiCases, TRAVERSAL_PATHS, type Case } from './malformed-cases.ts'
import { rawRequest, type RawAnswer } from './raw-http.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
  // A real app build under the data dir, and a file beside it that must never be served.
  const dist = join(server.dataDir, 'dist')
  await mkdir(join(dist, 'assets'), { recursive: true })
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>app shell</title>')
  await writeFile(join(server.dataDir, 'secret.txt'), 'TOP-SECRET')
  await writeFile(join(dist, '.env'), 'DOTFILE-SECRET')
}, 30_000)
afterAll(() => server.close())

// A stack trace, a source location or an internal error name in a body means internals leaked.
const LEAK = /\n\s+at |node_modules|\.[cm]?[jt]s:\d+|FST_ERR|SqliteError|TypeError|ReferenceError/

function isEnvelope(answer: RawAnswer): boolean {
  try {
    const parsed: unknown = JSON.parse(answer.body)
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      'code' in parsed &&
      typeof parsed.code === 'number' &&
      'msg' in parsed &&
      typeof parsed.msg === 'string'
    )
  } catch {
    return false
  }
}

async function send(item: Case): Promise<RawAnswer> {
  return rawRequest(server.url, item.method, item.path, item.body, item.headers)
}

describe('malformed requests', () => {
  it('never answer 5xx, always with the envelope and without internals', async () => {
    const cases = apiCases()
    const problems: string[] = []
    let serverErrors = 0
    for (const item of cases) {
      const answer = await send(item)
      const label = `${item.method} ${item.path.slice(0, 60)} [${item.name}] → ${answer.status} ${answer.body.slice(0, 80)}`
      if (answer.status >= 500) serverErrors++
      if (answer.status >= 500 || answer.status < 200) problems.push(`bad status: ${label}`)
      if (item.status !== undefined && answer.status !== item.status) problems.push(`expected ${item.status}: ${label}`)
      if (!isEnvelope(answer)) problems.push(`no envelope: ${label}`)
      if (LEAK.test(answer.body)) problems.push(`leak: ${label}`)
    }
    expect(problems).toEqual([])
    expect(serverErrors).toBe(0)
    expect(cases.length).toBeGreaterThan(300)
  }, 60_000)

  it('never serve a file from outside the app build', async () => {
    const problems: string[] = []
    for (const path of TRAVERSAL_PATHS) {
      const answer = await rawRequest(server.url, 'GET', path)
      const label = `${path} → ${answer.status} ${answer.body.slice(0, 60)}`
      if (answer.status >= 500) problems.push(`5xx: ${label}`)
      if (answer.body.includes('SECRET')) problems.push(`leaked: ${label}`)
      if (LEAK.test(answer.body)) problems.push(`internals: ${label}`)
      // Either refused, or the SPA shell (a client-side route that happens to look odd).
      if (answer.status === 200 && !answer.body.includes('app shell')) problems.push(`unexpected body: ${label}`)
    }
    expect(problems).toEqual([])
  })
})
