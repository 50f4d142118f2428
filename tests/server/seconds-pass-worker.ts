// A settlement pass in another thread with its own SQLite connection, as a second server on the
// same file would run it (seconds-exactly-once.test.ts starts several at once). Waits for { go } so
// that all of them start together, then answers how many orders its passes settled.
import { parentPort, workerData } from 'node:worker_threads'
import type { FastifyBaseLogger } from 'fastify'
import { openDatabase } from '../../server/db/open.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import { secondsPrices } from '../../server/seconds/prices.ts'
import { createSettlement } from '../../server/seconds/scheduler.ts'

const { file, now, seed, passes } = workerData as { file: string; now: number; seed: string; passes: number }
const port = parentPort
if (!port) throw new Error('seconds-pass-worker runs as a worker thread')
const errors: string[] = []
const log = { error: (fields: { err?: unknown }) => errors.push(String(fields.err)), info: () => {} } as unknown as FastifyBaseLogger
const db = openDatabase(file)
const scheduler = createSettlement({ db, now: () => now, log }, secondsPrices(createSimSource(seed, () => now)))

port.once('message', async () => {
  let settled = 0
  for (let i = 0; i < passes; i++) settled += await scheduler.pass()
  db.close()
  port.postMessage({ settled, errors })
})
port.postMessage({ ready: true })
