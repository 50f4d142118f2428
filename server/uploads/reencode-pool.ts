// Runs the re-encoder off the main thread: decoding a 12 MP photo in pure JS is seconds of CPU that
// would otherwise stall every other request (market reads have a 20 ms p99 budget). Up to
// MAX_WORKERS workers are kept for reuse (starting one costs ~0.3 s of loading codecs), the jobs
// beyond wait their turn, and a job that runs too long or out of memory takes its worker down
// with it and is answered as a broken image. Idle workers end after a while and never keep the
// process alive.
import { Worker } from 'node:worker_threads'
import type { ImageType } from './image-header.ts'
import type { Reencoded } from './reencode.ts'

const MAX_WORKERS = 2
const JOB_TIMEOUT_MS = 30_000
const IDLE_MS = 60_000
const WORKER_URL = new URL('./reencode-worker.ts', import.meta.url)

const alive = new Set<Worker>()
const idle = new Map<Worker, NodeJS.Timeout>()
const waiting: Array<(worker: Worker) => void> = []
let jobs = 0

function spawn(): Worker {
  const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 256 } })
  worker.unref()
  alive.add(worker)
  worker.once('exit', () => {
    alive.delete(worker)
    clearTimeout(idle.get(worker))
    idle.delete(worker)
  })
  return worker
}

function acquire(): Promise<Worker> {
  const [reused] = idle.keys()
  if (reused) {
    clearTimeout(idle.get(reused))
    idle.delete(reused)
    return Promise.resolve(reused)
  }
  if (alive.size < MAX_WORKERS) return Promise.resolve(spawn())
  return new Promise((resolve) => waiting.push(resolve))
}

function release(worker: Worker): void {
  const next = waiting.shift()
  if (next) return next(worker)
  idle.set(worker, setTimeout(() => void worker.terminate(), IDLE_MS).unref())
}

/** A worker that failed or overran is not trusted again; a waiting job gets a fresh one. */
function discard(worker: Worker): void {
  alive.delete(worker)
  void worker.terminate()
  const next = waiting.shift()
  if (next) next(spawn())
}

interface Answer {
  id: number
  ok: boolean
  jpeg?: Uint8Array
  width?: number
  height?: number
}

function run(worker: Worker, bytes: Buffer, type: ImageType, square: number | undefined): Promise<Reencoded | undefined> {
  const id = ++jobs
  return new Promise((resolve) => {
    const finish = (result: Reencoded | undefined, healthy: boolean) => {
      clearTimeout(timer)
      worker.unref()
      worker.off('message', onMessage)
      worker.off('error', onFailure)
      worker.off('exit', onFailure)
      if (healthy) release(worker)
      else discard(worker)
      resolve(result)
    }
    const onMessage = ({ id: answered, ok, jpeg, width, height }: Answer) => {
      if (answered === id) finish(ok && jpeg && width && height ? { jpeg: Buffer.from(jpeg), width, height } : undefined, true)
    }
    const onFailure = () => finish(undefined, false)
    const timer = setTimeout(onFailure, JOB_TIMEOUT_MS)
    worker.on('message', onMessage)
    worker.once('error', onFailure)
    worker.once('exit', onFailure)
    // Busy, the worker keeps the process alive until it answers; idle, it never does.
    worker.ref()
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker_threads Worker, not a window
    worker.postMessage({ id, bytes, type, square })
  })
}

/** The image as a fresh JPEG (with `square`: its centred square, that many px a side), or undefined if it does not decode (or takes too long to). */
export async function reencodeInWorker(bytes: Buffer, type: ImageType, square?: number): Promise<Reencoded | undefined> {
  return run(await acquire(), bytes, type, square)
}
