import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness.ts'

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
