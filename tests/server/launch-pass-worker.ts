// A launchpad pass in another thread with its own connection to the test's database, as a second server on
// the same database would run it (launch-exactly-once.test.ts starts several at once). Waits for { go } so that
// all of them start together, then answers what its passes allocated and unlocked, and any errors.
import { parentPort, workerData } from 'node:worker_threads'
import { launchPass } from '../../server/launch/pass.ts'
import { type DatabaseLocation, openTestDatabase } from './test-database.ts'

const { location, now, passes } = workerData as { location: DatabaseLocation; now: number; passes: number }
const port = parentPort
if (!port) throw new Error('launch-pass-worker runs as a worker thread')
const db = openTestDatabase(location)

const run = async (): Promise<void> => {
  const errors: string[] = []
  let allocated = 0
  let unlocked = 0
  for (let i = 0; i < passes; i++) {
    try {
      const result = await launchPass(db, now)
      allocated += result.allocated
      unlocked += result.unlocked
    } catch (error) {
      // A busy database after the timeout is a pass to retry on the next tick, not a double payment.
      errors.push(String(error))
    }
  }
  await db.close()
  port.postMessage({ allocated, unlocked, errors })
}

port.once('message', () => void run())
port.postMessage({ ready: true })
