// A contracts pass in another thread with its own connection to the test's database, as a second
// server on the same database would run it (contracts-exactly-once.test.ts starts several at once). Waits for { go } so that
// all of them start together, then answers how many positions its passes acted on, and any errors.
import { parentPort, workerData } from 'node:worker_threads'
import { engineOn } from './contracts-support.ts'
import { type DatabaseLocation, openTestDatabase } from './test-database.ts'

const { location, now, passes } = workerData as { location: DatabaseLocation; now: number; passes: number }
const port = parentPort
if (!port) throw new Error('contracts-pass-worker runs as a worker thread')
const errors: string[] = []
const db = openTestDatabase(location)
const engine = engineOn(db, () => now, errors)

const run = async (): Promise<void> => {
  let acted = 0
  try {
    for (let i = 0; i < passes; i++) acted += (await engine.walk.pass()).acted
  } catch (error) {
    errors.push(String(error))
  }
  await db.close()
  port.postMessage({ acted, errors })
}

port.once('message', () => void run())
port.postMessage({ ready: true })
