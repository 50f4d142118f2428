// The built app on the wire (architecture §8): routes and cache policy; and every text file sent
// in the brotli or gzip twin the build wrote (scripts/vite-precompress.ts), chosen by
// accept-encoding, with Vary. Raw HTTP for those, so nothing is decompressed for us.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../scripts/vite-precompress.ts'
import { startServer, type TestServer } from './harness.ts'
import { rawRequest } from './raw-http.ts'

const INDEX = '<!doctype html><html><body><div id="app">shell</div></body></html>'

describe('the built app', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
    const dist = join(server.dataDir, 'dist')
    await mkdir(join(dist, 'assets'), { recursive: true })
    await writeFile(join(dist, 'index.html'), INDEX)
    await writeFile(join(dist, 'assets', 'x.js'), 'export const x = 1\n')
    await writeFile(join(dist, 'sw.js'), 'self.skipWaiting()\n')
  })
  afterAll(() => server.close())

  it('redirects / and /mobile to /mobile/', async () => {
    for (const path of ['/', '/mobile']) {
      const answer = await server.get(path)
      expect(answer.status).toBe(302)
      expect(answer.headers.get('location')).toBe('/mobile/')
    }
  })

  it('answers index.html, uncached, at /mobile/ and at any deep client route', async () => {
    for (const path of ['/mobile/', '/mobile/index.html', '/mobile/market/kline', '/mobile/account/assert/1?x=1']) {
      const answer = await server.get(path)
      expect(answer.status, path).toBe(200)
      expect(answer.text).toBe(INDEX)
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
      expect(answer.headers.get('cache-control')).toBe('no-cache')
    }
  })

  it('serves hashed assets with their type and a long cache', async () => {
    const answer = await server.get('/mobile/assets/x.js')
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('export const x = 1\n')
    expect(answer.headers.get('content-type')).toMatch(/javascript/)
    expect(answer.headers.get('cache-control')).toContain('max-age=31536000')
  })

  it('serves other build files (the service worker) uncached', async () => {
    const answer = await server.get('/mobile/sw.js')
    expect(answer.text).toBe('self.skipWaiting()\n')
    expect(answer.headers.get('cache-control')).toBe('no-cache')
  })

  it('answers 404, not the HTML shell, for a missing asset', async () => {
    const answer = await server.get('/mobile/assets/old-build.js')
    expect(answer.status).toBe(404)
    expect(answer.text).not.toContain('shell')
  })
})

describe('without a build', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server.close())

  it('answers 503 with what to do', async () => {
    for (const path of ['/mobile/', '/mobile/home']) {
      const answer = await server.get(path)
      expect(answer.status).toBe(503)
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(answer.text).toBe('The app is not built yet: run npm start')
    }
    // The API works all the same.
    expect((await server.get('/bb/paramter/getParamListByKeyName')).json.code).toBe(1)
  })
})

const PAGE = `<!doctype html><html><body><div id="root"><nav class="tab-bar">${'Home '.repeat(300)}</nav></div></body></html>`
const ENTRY = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`
const CSS = `.app{${'color:red;'.repeat(200)}}`
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 2000 }, (_, i) => i % 7)])

describe('precompressed static files', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
    const dist = join(server.dataDir, 'dist')
    await mkdir(join(dist, 'assets'), { recursive: true })
    await mkdir(join(dist, 'icons'), { recursive: true })
    await writeFile(join(dist, 'index.html'), PAGE)
    await writeFile(join(dist, 'assets', 'index-AbC123xy.js'), ENTRY)
    await writeFile(join(dist, 'assets', 'index-Zz9Yy8xx.css'), CSS)
    await writeFile(join(dist, 'sw.js'), ENTRY)
    await writeFile(join(dist, 'icons', 'icon-192.png'), PNG)
    expect(precompressDir(dist)).toBe(4)
  })
  afterAll(() => server.close())

  const get = (path: string, acceptEncoding?: string) =>
    rawRequest(server.url, 'GET', path, undefined, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding })

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, and the file to the rest', async () => {
    const path = '/mobile/assets/index-AbC123xy.js'
    const br = await get(path, 'gzip, deflate, br, zstd')
    const gz = await get(path, 'gzip')
    const plain = await get(path)
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.raw).toString('utf8')).toBe(ENTRY)
    expect(Number(br.headers['content-length'])).toBeLessThan(ENTRY.length / 3)
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.raw).toString('utf8')).toBe(ENTRY)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(ENTRY)
    for (const answer of [br, gz, plain]) {
      expect(answer.status).toBe(200)
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/)
      expect(answer.headers.vary).toMatch(/accept-encoding/i)
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      // Never revalidated: validators would only be header bytes on every request.
      expect(answer.headers.etag).toBeUndefined()
      expect(answer.headers['last-modified']).toBeUndefined()
    }
  })

  it('compresses the stylesheet, the worker and the HTML of a deep link, which revalidate unless hashed', async () => {
    const css = await get('/mobile/assets/index-Zz9Yy8xx.css', 'br')
    expect(css.headers['content-type']).toMatch(/^text\/css/)
    expect(brotliDecompressSync(css.raw).toString('utf8')).toBe(CSS)
    const worker = await get('/mobile/sw.js', 'gzip, br')
    expect(worker.headers['content-encoding']).toBe('br')
    expect(worker.headers['cache-control']).toBe('no-cache')
    expect(worker.headers.etag).toBeDefined()
    const deepLink = await get('/mobile/market/kline', 'gzip, deflate, br')
    expect(deepLink.status).toBe(200)
    expect(deepLink.headers['content-type']).toMatch(/^text\/html/)
    expect(deepLink.headers['content-encoding']).toBe('br')
    expect(deepLink.headers['cache-control']).toBe('no-cache')
    expect(deepLink.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(deepLink.raw).toString('utf8')).toBe(PAGE)
  })

  it('sends an image as it is, and never a twin by its own name to a stale page', async () => {
    const icon = await get('/mobile/icons/icon-192.png', 'gzip, br')
    expect(icon.status).toBe(200)
    expect(icon.headers['content-encoding']).toBeUndefined()
    expect(icon.raw.equals(PNG)).toBe(true)
    const missing = await get('/mobile/assets/index-Old00000.js', 'gzip, br')
    expect(missing.status).toBe(404)
    expect(missing.headers['content-encoding']).toBeUndefined()
  })
})
