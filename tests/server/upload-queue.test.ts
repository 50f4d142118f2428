// Uploads cannot starve each other (server/uploads/in-flight.ts, reencode-pool.ts): a user's third
// upload at once is refused 429 before its body is read; heavy images (40 MP PNGs of a few hundred
// KB) queue one at a time behind a bounded queue, the next one is refused 503 with Retry-After, and
// a normal upload sent meanwhile is served promptly, ahead of them.
import { connect, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { MAX_UPLOADS_IN_FLIGHT, uploadsInFlight } from '../../server/uploads/in-flight.ts'
import { BUSY_RETRY_AFTER_SECONDS, MAX_WAITING_HEAVY, poolState } from '../../server/uploads/reencode-pool.ts'
import { type Funded, fundedUser } from './assets-support.ts'
import { pngImage, postMultipart } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { flatPng } from './png-builder.ts'

let server: TestServer
let users: Funded[]
beforeAll(async () => {
  server = await startServer()
  users = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => fundedUser(server, `${name}@queue.test`)))
}, 60_000)
afterAll(() => server.close())

const FIELDS = { currency: 'USDT', chain: 'TRC20', amount: '10' }
const deposit = (user: Funded, bytes: Buffer) => postMultipart(server, ASSET_PATHS.deposit, FIELDS, { bytes }, user.headers)
const user = (index: number): Funded => users[index] as Funded

/** Polls `done` every 10 ms, for at most `ms`. */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!done()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time')
    await sleep(10)
  }
}

/** An avatar upload whose body starts and then waits: it holds its place until the socket closes. */
function startedUpload(uploader: Funded): Socket {
  const boundary = 'held-upload'
  const preamble = `--${boundary}\r\ncontent-disposition: form-data; name="icon"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`
  const headers = Object.entries({ ...uploader.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': '100000' })
  const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
  socket.on('error', () => {})
  socket.write(`POST ${PROFILE_PATHS.uploadIcon} HTTP/1.1\r\nhost: test\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${preamble}`)
  return socket
}

describe('per user', () => {
  it(`a user's upload beyond ${MAX_UPLOADS_IN_FLIGHT} at once is refused 429 before its body is read`, async () => {
    const uploader = user(0)
    // Two avatars whose bodies have begun; then a deposit proof, the same user's third upload.
    const held = [startedUpload(uploader), startedUpload(uploader)]
    try {
      await until(() => uploadsInFlight(uploader.userId) === MAX_UPLOADS_IN_FLIGHT)
      const third = await deposit(uploader, pngImage(4, 4))
      expect({ status: third.status, json: third.json }).toEqual({ status: 429, json: { code: 0, msg: SERVER_MESSAGES.uploadsInFlight, data: null } })
      // Another user is not held up.
      expect((await deposit(user(1), pngImage(4, 4))).json.code).toBe(1)
    } finally {
      for (const socket of held) socket.destroy()
    }
    // Once the two have ended, the user may upload again.
    await until(() => uploadsInFlight(uploader.userId) === 0)
    expect((await deposit(uploader, pngImage(4, 4))).json.code).toBe(1)
  })
})

describe('the re-encoding queue', () => {
  it('heavy images queue behind a bound (503 with Retry-After beyond), and a normal upload goes ahead of them', async () => {
    // 10000 × 4000 px in ~160 KB: the audit's heavy upload.
    const heavy = flatPng(10_000, 4000)
    // The heavy lane runs one and keeps MAX_WAITING_HEAVY waiting; users 0 and 1 send two each.
    const accepted = [0, 0, 1].slice(0, MAX_WAITING_HEAVY + 1).map((index) => deposit(user(index), heavy))
    await until(() => poolState().waitingHeavy === MAX_WAITING_HEAVY)
    const refused = await deposit(user(1), heavy)
    expect({ status: refused.status, json: refused.json }).toEqual({ status: 503, json: { code: 0, msg: SERVER_MESSAGES.imagesBusy, data: null } })
    expect(refused.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS))

    // A phone screenshot's size, sent while the heavy ones wait.
    const screenshot = pngImage(1290, 2796)
    const started = performance.now()
    const normal = await deposit(user(2), screenshot)
    const normalMs = performance.now() - started
    const heavyStillQueued = poolState().waitingHeavy + poolState().running > 0
    expect(normal.json.code, normal.text).toBe(1)
    expect(heavyStillQueued).toBe(true)
    // Generous for a shared test machine; it waited behind 40 MP decodes for 20 s before the lanes.
    expect(normalMs).toBeLessThan(5000)

    for (const answer of await Promise.all(accepted)) expect(answer.json.code, answer.text).toBe(1)
    // The queue has drained: a heavy image is taken again.
    expect((await deposit(user(3), heavy)).json.code).toBe(1)
  }, 60_000)
})
