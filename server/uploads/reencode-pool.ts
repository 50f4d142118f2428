// Runs the re-encoder off the main thread: decoding a 12 MP photo in pure JS is a second of CPU that
// would otherwise stall every other request (market reads have a 20 ms p99 budget). Up to
// MAX_WORKERS workers are kept for reuse (starting one costs ~0.3 s of loading codecs); a job that
// runs too long or fails takes its worker down with it and is answered as a broken image. Idle
// workers end after a while and never keep the process alive.
//
// Jobs wait in two bounded queues, so that many heavy uploads at once can neither starve a normal
// one nor pile up without end (40 PNGs of 10000 × 4000 px once delayed a screenshot by 20 s):
// - a job over LIGHT_PIXELS (more than any phone photo at its default size), or a WebP over
//   WEBP_LIGHT_PIXELS (decoded whole), is heavy: heavy jobs run one at a time, so one worker always
//   remains for the others, which go first when a worker frees;
// - a queue that is full refuses the job at once: 503 'Many images are being processed…' with
//   Retry-After (ImagesBusyError), rather than a wait nobody can bound.
// What each job may cost is bounded before it is queued (image-header.ts) and by its decoder
// (downscale.ts); a user's own uploads are bounded by in-flight.ts.
import { Worker } from 'node:worker_threads'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ApiError } from '../http/envelope.ts'
import type { ImageHeader, ImageType } from './image-header.ts'
import type { Reencoded } from './reencode.ts'

const MAX_WORKERS = 2
/** 16 MP: a 12–13 MP phone photo (4080 × 3060) is light; a 24 MP one or a 40 MP bomb is heavy. */
export const LIGHT_PIXELS = 16_000_000
/** Jobs waiting for a worker: with a second or less each, a light one waits at most a few seconds. */
export const MAX_WAITING_LIGHT = 8
export const MAX_WAITING_HEAVY = 2
/** Asked of a client refused because the queue is full: a few jobs' time. */
export const BUSY_RETRY_AFTER_SECONDS = 5
/**
 * A WebP is decoded whole (~9.5 bytes a pixel) and leaves its worker's WebAssembly memory grown for
 * good: over this it is heavy, and its worker is ended after it instead of kept.
 */
const WEBP_LIGHT_PIXELS = 4_000_000
const JOB_TIMEOUT_MS = 30_000
const IDLE_MS = 60_000
const WORKER_URL = new URL('./reencode-worker.ts', import.meta.url)

/** The re-encoding queue is full: answered 503 with Retry-After (in-flight.ts sets the header). */
export class ImagesBusyError extends ApiError {
  readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS
  constructor() {
    super(503, BB_FAIL, SERVER_MESSAGES.imagesBusy)
  }
}

interface Job {
  bytes: Buffer
  type: ImageType
  square: number | undefined
  heavy: boolean
  /** The worker is ended after this job instead of kept. */
  retire: boolean
  resolve: (result: Reencoded | undefined) => void
}

const alive = new Set<Worker>()
const idle = new Map<Worker, NodeJS.Timeout>()
const light: Job[] = []
const heavy: Job[] = []
let heavyRunning = 0
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

/** An idle worker, a new one if there is room, or undefined. */
function freeWorker(): Worker | undefined {
  const [reused] = idle.keys()
  if (reused) {
    clearTimeout(idle.get(reused))
    idle.delete(reused)
    return reused
  }
  return alive.size < MAX_WORKERS ? spawn() : undefined
}

/** Light jobs first; a heavy one only while no other heavy one runs. */
function nextJob(): Job | undefined {
  if (light.length > 0) return light.shift()
  return heavyRunning === 0 ? heavy.shift() : undefined
}

/** Starts queued jobs while there are workers for them. */
function pump(): void {
  for (;;) {
    if (light.length === 0 && (heavy.length === 0 || heavyRunning > 0)) return
    const worker = freeWorker()
    if (!worker) return
    const job = nextJob()
    if (!job) {
      release(worker)
      return
    }
    run(worker, job)
  }
}

function release(worker: Worker): void {
  idle.set(worker, setTimeout(() => void worker.terminate(), IDLE_MS).unref())
}

interface Answer {
  id: number
  ok: boolean
  jpeg?: Uint8Array
  width?: number
  height?: number
}

function run(worker: Worker, job: Job): void {
  const id = ++jobs
  if (job.heavy) heavyRunning++
  const finish = (result: Reencoded | undefined, healthy: boolean): void => {
    clearTimeout(timer)
    worker.unref()
    worker.off('message', onMessage)
    worker.off('error', onFailure)
    worker.off('exit', onFailure)
    if (job.heavy) heavyRunning--
    // A worker that failed or overran is not trusted again.
    if (healthy && !job.retire) release(worker)
    else {
      alive.delete(worker)
      void worker.terminate()
    }
    job.resolve(result)
    pump()
  }
  const onMessage = ({ id: answered, ok, jpeg, width, height }: Answer): void => {
    if (answered === id) finish(ok && jpeg && width && height ? { jpeg: Buffer.from(jpeg), width, height } : undefined, true)
  }
  const onFailure = (): void => finish(undefined, false)
  const timer = setTimeout(onFailure, JOB_TIMEOUT_MS)
  worker.on('message', onMessage)
  worker.once('error', onFailure)
  worker.once('exit', onFailure)
  // Busy, the worker keeps the process alive until it answers; idle, it never does.
  worker.ref()
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker_threads Worker, not a window
  worker.postMessage({ id, bytes: job.bytes, type: job.type, square: job.square })
}

/**
 * The image as a fresh JPEG (with `square`: its centred square, that many px a side), or undefined
 * if it does not decode (or takes too long to). Throws ImagesBusyError when its queue is full.
 */
export function reencodeInWorker(bytes: Buffer, header: ImageHeader, square?: number): Promise<Reencoded | undefined> {
  const pixels = header.width * header.height
  const wholeWebp = header.type === 'webp' && pixels > WEBP_LIGHT_PIXELS
  const isHeavy = pixels > LIGHT_PIXELS || wholeWebp
  const queue = isHeavy ? heavy : light
  if (queue.length >= (isHeavy ? MAX_WAITING_HEAVY : MAX_WAITING_LIGHT)) return Promise.reject(new ImagesBusyError())
  return new Promise((resolve) => {
    queue.push({ bytes, type: header.type, square, heavy: isHeavy, retire: wholeWebp, resolve })
    pump()
  })
}

/** What the pool is doing (tests and the upload-queue measurements). */
export function poolState(): { workers: number; running: number; waitingLight: number; waitingHeavy: number } {
  return { workers: alive.size, running: alive.size - idle.size, waitingLight: light.length, waitingHeavy: heavy.length }
}
