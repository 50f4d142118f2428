// One racer of spot-concurrency.test.ts, in its own thread with its own connection to the test's
// database, as another server on the same database would be: feed passes, cancels or placements, all at one instant.
// Waits for { go } so that all racers start together, then answers what it did.
import { parentPort, workerData } from 'node:worker_threads'
import { cancelOrder } from '../../server/spot/cancel.ts'
import type { PlaceFields } from '../../server/spot/order-input.ts'
import { placeOrder } from '../../server/spot/place.ts'
import { direct } from './spot-support.ts'
import { type DatabaseLocation, openTestDatabase } from './test-database.ts'
import { unkeyed } from '../../server/assets/idempotency.ts'

export interface RaceJob {
  database: DatabaseLocation
  now: number
  passes?: number
  cancels?: Array<[userId: number, id: string]>
  /** A pause between two cancels (ms), so that the passes keep up with them. */
  pauseMs?: number
  places?: Array<[userId: number, fields: PlaceFields]>
}

export interface RaceResult {
  acted: number
  /** Order id → its `filled` as the cancel answered it. */
  cancelled: Record<string, string>
  /** Answers other than success, as "id: msg". */
  refused: string[]
  placed: string[]
  errors: string[]
}

const job = workerData as RaceJob
const port = parentPort
if (!port) throw new Error('spot-race-worker runs as a worker thread')
const db = openTestDatabase(job.database)
const result: RaceResult = { acted: 0, cancelled: {}, refused: [], placed: [], errors: [] }
const engine = direct(db, () => job.now, result.errors)

const run = async (): Promise<void> => {
  try {
    for (let i = 0; i < (job.passes ?? 0); i++) result.acted += (await engine.pass()).acted
    for (const [userId, id] of job.cancels ?? []) {
      const answer = await cancelOrder(engine.ctx, engine.spot, unkeyed(userId), id)
      if (answer.data) result.cancelled[id] = answer.data.filled
      else result.refused.push(`${id}: ${answer.msg}`)
      if (job.pauseMs) await new Promise((resolve) => setTimeout(resolve, job.pauseMs))
    }
    for (const [userId, fields] of job.places ?? []) {
      const answer = await placeOrder(engine.ctx, engine.spot, unkeyed(userId), fields)
      if (answer.data) result.placed.push(answer.data.id)
      else result.refused.push(`${fields.symbol} ${fields.side}: ${answer.msg}`)
    }
  } catch (error) {
    result.errors.push(String(error))
  }
  await db.close()
  port.postMessage(result)
}

port.once('message', () => void run())
port.postMessage({ ready: true })
