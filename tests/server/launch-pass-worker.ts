// A launchpad pass in another thread with its own SQLite connection, as a second server on the same
// file would run it (launch-exactly-once.test.ts starts several at once). Waits for { go } so that
// all of them start together, then answers what its passes allocated and unlocked, and any errors.
import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase } from '../../server/db/open.ts'
import { launchPass } from '../../server/launch/pass.ts'

const { file, now, passes } = workerData as { file: string; now: number; passes: number }
const port = parentPort
if (!port) throw new Error('launch-pass-worker runs as a worker thread')
const db = openDatabase(file)

port.once('message', () => {
  const errors: string[] = []
  let allocated = 0
  let unlocked = 0
  for (let i = 0; i < passes; i++) {
    try {
      const result = launchPass(db, now)
      allocated += result.allocated
      unlocked += result.unlocked
    } catch (error) {
      // A busy database after the timeout is a pass to retry on the next tick, not a double payment.
      errors.push(String(error))
    }
  }
  db.close()
  port.postMessage({ allocated, unlocked, errors })
})
port.postMessage({ ready: true })
