// A lean load client for answers a browser receives compressed (the 2000-candle kline in brotli):
// autocannon's parser spends far more CPU on a ~47 KB binary body than the server spends sending
// it, so it would measure itself. Keep-alive connections over raw sockets, each with one request
// in flight; an answer is complete when content-length bytes of body have arrived. Answers
// requests per second and p99 latency like autocannon's figures in scripts/bench.mjs.
import { connect } from 'node:net'

/** Loads `path` with a POST form `body` over `connections` sockets for `seconds`. */
export async function loadCompressed({ origin, path, body, headers = {}, connections = 50, seconds = 10 }) {
  const { hostname, port } = new URL(origin)
  const head = [`POST ${path} HTTP/1.1`, `host: ${hostname}:${port}`, 'connection: keep-alive', `content-length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n')
  const request = Buffer.from(`${head}\r\n\r\n${body}`)
  const latencies = []
  let bytes = 0
  let failures = 0
  const until = performance.now() + seconds * 1000
  const one = () => new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    let buffered = Buffer.alloc(0)
    let need = -1
    let started = 0
    const send = () => {
      if (performance.now() >= until) return socket.end(), resolve()
      started = performance.now()
      socket.write(request)
    }
    socket.on('connect', send)
    socket.on('error', () => (failures += 1, resolve()))
    socket.on('data', (chunk) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk
      for (;;) {
        if (need < 0) {
          const end = buffered.indexOf('\r\n\r\n')
          if (end < 0) return
          const text = buffered.subarray(0, end).toString('latin1')
          if (!text.startsWith('HTTP/1.1 200')) failures += 1
          need = end + 4 + Number(/content-length: *(\d+)/i.exec(text)?.[1] ?? 0)
        }
        if (buffered.length < need) return
        bytes += need
        buffered = buffered.subarray(need)
        need = -1
        latencies.push(performance.now() - started)
        send()
      }
    })
  })
  await Promise.all(Array.from({ length: connections }, one))
  latencies.sort((a, b) => a - b)
  return {
    rps: Math.round(latencies.length / seconds),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN),
    mbPerSecond: bytes / seconds / 1e6,
    bytesPerAnswer: Math.round(bytes / Math.max(1, latencies.length)),
    failures,
  }
}
