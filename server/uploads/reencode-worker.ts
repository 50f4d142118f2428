// Worker thread of the re-encoder (see reencode-pool.ts): answers each job message with its result.
import { parentPort } from 'node:worker_threads'
import type { ImageType } from './image-header.ts'
import { reencodeAsJpeg } from './reencode.ts'

interface Job {
  id: number
  bytes: Uint8Array
  type: ImageType
  square?: number
}

function answer(message: object): void {
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker_threads port, not a window
  parentPort?.postMessage(message)
}

async function reencode({ id, bytes, type, square }: Job): Promise<void> {
  try {
    const result = await reencodeAsJpeg(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type, square)
    answer({ id, ok: true, jpeg: result.jpeg, width: result.width, height: result.height })
  } catch {
    // The decoder's message says nothing useful to a client; a broken file is just "not an image".
    answer({ id, ok: false })
  }
}

// reencode answers every job itself, failures included, so nothing is left to catch here.
parentPort?.on('message', (job: Job) => void reencode(job))
