// A settlement pass in another thread with its own connection to the test's database, as a second
// server on the same database would run it (seconds-exactly-once.test.ts starts several at once). Waits for { go } so
// that all of them start together, then answers how many orders its passes settled.
import { parentPort, workerData } from 'node:worker_threads'
import type { FastifyBaseLogger } from 'fastify'
import { type DatabaseLocation, openTestDatabase } from './test-database.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import { secondsPrices } from '../../server/seconds/prices.ts'
import { createSettlement } from '../../server/seconds/scheduler.ts'

const { location, now, seed, passes } = workerData as { location: DatabaseLocation; now: number; seed: string; passes: number }
const port = parentPort
if (!port) throw new Error('seconds-pass-worker runs as a worker thread')
const errors: string[] = []
const log = { error: (fields: { err?: unknown }) => errors.push(String(fields.err)), info: () => {} } as unknown as FastifyBaseLogger
const db = openTestDatabase(location)
const scheduler = createSettlement({ db, now: () => now, log }, secondsPrices(createSimSource(seed, () => now)))

const run = async (): Promise<void> => {
  let settled = 0
  for (let i = 0; i < passes; i++) settled += await scheduler.pass()
  await db.close()
  port.postMessage({ settled, errors })
}

port.once('message', () => void run())
port.postMessage({ ready: true })
