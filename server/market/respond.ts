// Sending market answers. Sources hand back the same answer object for as long as it is current
// (a second in the simulation, a TTL in the proxy), so its JSON is serialized once per object
// and every other request for it writes the same bytes. A 2000-candle kline is ~210 KB of JSON
// and the app polls it on phones: clients that accept brotli get it compressed (~47 KB, quality 5:
// a few ms per kline), gzip-only clients gzipped (~50 KB, level 4: ~2 ms, within 6% of the best
// ratio); each encoding once per object, so a closed set of candles is serialised and compressed
// once however many clients ask for it (architecture §6).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** Smaller bodies gain nothing worth a compression. */
const GZIP_FROM_BYTES = 1024
const GZIP_LEVEL = 4
const BROTLI_QUALITY = 5

interface Body {
  json: Buffer
  gzip?: Buffer
  br?: Buffer
}

const bodies = new WeakMap<object, Body>()

/** Whether accept-encoding lists `coding` (or *) without q=0. */
export function acceptsEncoding(header: string | string[] | undefined, wanted: 'gzip' | 'br'): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  return text.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (coding !== wanted && coding !== '*') return false
    const quality = params.find((param) => param.startsWith('q='))
    return quality === undefined || Number(quality.slice(2)) > 0
  })
}

export const acceptsGzip = (header: string | string[] | undefined): boolean => acceptsEncoding(header, 'gzip')

export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: object): FastifyReply {
  let body = bodies.get(answer)
  if (!body) {
    body = { json: Buffer.from(JSON.stringify(answer)) }
    bodies.set(answer, body)
  }
  reply.header('content-type', 'application/json; charset=utf-8')
  if (body.json.length < GZIP_FROM_BYTES) return reply.send(body.json)
  reply.header('vary', 'accept-encoding')
  const accepted = request.headers['accept-encoding']
  if (acceptsEncoding(accepted, 'br')) {
    body.br ??= brotliCompressSync(body.json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.json.length },
    })
    return reply.header('content-encoding', 'br').send(body.br)
  }
  if (!acceptsGzip(accepted)) return reply.send(body.json)
  body.gzip ??= gzipSync(body.json, { level: GZIP_LEVEL })
  return reply.header('content-encoding', 'gzip').send(body.gzip)
}
