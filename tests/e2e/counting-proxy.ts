// A tiny HTTP proxy in front of the reference server for the offline tests: the browser talks only
// to it, so it sees every request of the page AND of the service worker (Playwright sees a worker's
// own fetches only partly), counts them by path and form body, can play "server unreachable"
// (every connection destroyed), and can lose one answer after the server has committed it.
import { createServer, request as forward, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before } from 'node:test'
import { openBrowser, startServer, type Browser, type RunningServer, type ServerOptions } from './harness.ts'

export interface SeenRequest {
  method: string
  path: string
  body: string
  idempotencyKey: string | undefined
  at: number
}

export interface CountingProxy {
  url: string
  seen: SeenRequest[]
  /** While true, every request is dropped (the connection destroyed): a network error, as offline. */
  down: boolean
  /** Requests matching this lose their answer once: forwarded, answered by the server, then dropped. */
  loseAnswerOnce(match: (request: SeenRequest) => boolean): void
  /** Extra delay (ms) before forwarding requests matching the predicate (to make replays overlap). */
  delay(match: ((request: SeenRequest) => boolean) | null, ms?: number): void
  count(match: (request: SeenRequest) => boolean): number
  close(): Promise<void>
}

const readBody = (incoming: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => resolve(Buffer.concat(chunks)))
    incoming.on('error', reject)
  })

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target)
  let loser: ((request: SeenRequest) => boolean) | null = null
  let slow: { match: (request: SeenRequest) => boolean; ms: number } | null = null
  const proxy: Omit<CountingProxy, 'url' | 'close'> = {
    seen: [],
    down: false,
    loseAnswerOnce: (match) => (loser = match),
    delay: (match, ms = 0) => (slow = match ? { match, ms } : null),
    count: (match) => proxy.seen.filter(match).length,
  }
  const server = createServer(async (incoming, outgoing) => {
    const body = await readBody(incoming)
    const key = incoming.headers['idempotency-key']
    const seen: SeenRequest = {
      method: incoming.method ?? 'GET', path: (incoming.url ?? '/').split('?')[0] ?? '/', body: body.toString('utf8'),
      idempotencyKey: typeof key === 'string' ? key : undefined, at: Date.now(),
    }
    if (proxy.down) return void incoming.socket.destroy()
    proxy.seen.push(seen)
    if (slow?.match(seen)) await new Promise((resolve) => setTimeout(resolve, slow?.ms))
    const lose = loser?.(seen) ?? false
    if (lose) loser = null
    const headers = { ...incoming.headers, host: upstream.host }
    const call = forward({ host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers }, async (answer) => {
      const answered = await readBody(answer)
      // The server has committed and answered: the answer never reaches the browser.
      if (lose) return void incoming.socket.destroy()
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      outgoing.end(answered)
    })
    call.on('error', () => incoming.socket.destroy())
    call.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return Object.assign(proxy, { url: `http://127.0.0.1:${port}`, close })
}

/** A test file's world behind the proxy: server, proxy and browser, started before and stopped after. */
export function useProxiedWorld(options: ServerOptions = {}): { server: RunningServer; browser: Browser; proxy: CountingProxy } {
  const world = {} as { server: RunningServer; browser: Browser; proxy: CountingProxy }
  before(async () => {
    world.server = await startServer(options)
    world.proxy = await startCountingProxy(world.server.url)
    world.browser = await openBrowser()
  })
  after(async () => {
    await world.browser?.close()
    await world.proxy?.close()
    await world.server?.stop()
  })
  return world
}
