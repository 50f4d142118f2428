// Starts the real server (buildServer + listen on 127.0.0.1:0) on a fresh temp DATA_DIR, with a
// clock the test moves by hand, and talks to it with real fetch.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { mailsTo, readMailCode } from '../support/outbox.ts'
import { buildServer } from '../../server/app.ts'
import { DEFAULT_CONFIG, type ServerConfig } from '../../server/config.ts'
import type { Database } from '../../server/db/database.ts'
import { type DatabaseLocation, migratedDatabase, openTestDatabase, withDatabase } from './test-database.ts'

/** Tests pick the client address they pretend to be with this header (see clientAddress below). */
export const TEST_ADDRESS_HEADER = 'x-test-client-address'

export interface Answer {
  status: number
  headers: Headers
  text: string
  /** The parsed JSON body, or undefined if it is not JSON. */
  json: any
}

export interface TestServer {
  url: string
  dataDir: string
  /** The server's database (a SQLite file under dataDir, or a PostgreSQL database of its own). */
  database: DatabaseLocation
  /** A second connection to the server's database, as another process would have; close it. */
  openDb(): Database
  /** Runs `read` on a connection of its own, closed after. */
  withDb<T>(read: (db: Database) => Promise<T>): Promise<T>
  clock: { now: number; advance(seconds: number): void }
  post(path: string, form?: Record<string, string>, headers?: Record<string, string>): Promise<Answer>
  postRaw(path: string, body: string | undefined, headers?: Record<string, string>): Promise<Answer>
  get(path: string, headers?: Record<string, string>): Promise<Answer>
  readCode(email: string): Promise<string>
  mailsTo(email: string): Promise<string[]>
  /** The paths of the routes that take an idempotency key. */
  keyedRoutes(): string[]
  /** The server's log lines so far, parsed (kept only with `captureLogs`). */
  logs(): Array<Record<string, unknown>>
  /** Stops the server and starts a new one on the same data and database (at a new url). */
  restart(): Promise<void>
  close(): Promise<void>
}

/** A response read as the tests look at it: status, headers, text and JSON (when it is JSON). */
export async function answer(response: Response): Promise<Answer> {
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

export async function startServer(overrides: Partial<ServerConfig> = {}, { captureLogs = false } = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'exchange-server-test-'))
  const database = await migratedDatabase(dataDir)
  const clock = {
    now: Date.now(),
    advance(seconds: number) {
      this.now += seconds * 1000
    },
  }
  // The static dir is looked up per request, so a test may create DATA_DIR/dist after the start.
  // Step-up (server/auth/step-up.ts) is off unless a test turns it on: many tests move the clock by
  // hours before they move money; tests/server/step-up.test.ts tests it.
  const config: ServerConfig = { ...DEFAULT_CONFIG, dataDir, databaseUrl: database.databaseUrl, staticDir: join(dataDir, 'dist'), stepUpSeconds: 0, ...overrides }
  const lines: string[] = []
  const logger = captureLogs ? { level: 'info', stream: { write: (line: string) => void lines.push(line) } } : undefined
  const start = async () => {
    const started = await buildServer({
      config,
      logger,
      now: () => clock.now,
      // Only tests can choose their address: production has no such header (see BuildOptions).
      clientAddress: (request) => {
        const chosen = request.headers[TEST_ADDRESS_HEADER]
        return typeof chosen === 'string' ? chosen : request.ip
      },
    })
    await started.listen({ port: 0, host: '127.0.0.1' })
    return started
  }
  let app = await start()
  const urlOf = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

  const postRaw = async (path: string, body: string | undefined, headers: Record<string, string> = {}) =>
    answer(await fetch(urlOf() + path, { method: 'POST', body, headers, redirect: 'manual' }))

  const location: DatabaseLocation = { dataDir, databaseUrl: config.databaseUrl }
  return {
    get url() {
      return urlOf()
    },
    dataDir,
    database: location,
    openDb: () => openTestDatabase(location),
    withDb: (read) => withDatabase(location, read),
    clock,
    post: (path, form = {}, headers = {}) =>
      postRaw(path, new URLSearchParams(form).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      }),
    postRaw,
    get: async (path, headers = {}) => answer(await fetch(urlOf() + path, { headers, redirect: 'manual' })),
    mailsTo: async (email) => mailsTo(dataDir, email),
    readCode: async (email) => readMailCode(dataDir, email),
    keyedRoutes: () => [...app.keyedRoutes],
    logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    async restart() {
      await app.close()
      app = await start()
    },
    async close() {
      await app.close()
      await database.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Registers through the real email-code flow and logs in; answers the session. */
export async function registerAndLogin(
  server: TestServer,
  email: string,
  password = 'Secret2026pass',
): Promise<{ userId: string; token: string }> {
  const sent = await server.post('/bb/user/sendEmailCode', { email })
  if (sent.json?.code !== 1) throw new Error(`sendEmailCode failed: ${sent.text}`)
  const code = await server.readCode(email)
  const registered = await server.post('/bb/user/register', { email, code, password })
  if (registered.json?.code !== 1) throw new Error(`register failed: ${registered.text}`)
  const login = await server.post('/bb/user/login', { account: email, password })
  if (login.json?.code !== 1) throw new Error(`login failed: ${login.text}`)
  return login.json.data
}
