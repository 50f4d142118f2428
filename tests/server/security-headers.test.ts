// The security headers of every answer (architecture §6, server/http/security-headers.ts), on every
// route family (the app's pages, its hashed files, the worker, /bb public and private, /contract,
// the market, 404s, 413s, undecodable URLs, private images): the app's strict policy with the
// inline script and styles of the index.html being served allowed by their hashes, the API's
// `default-src 'none'`, frame-ancestors and X-Frame-Options, nosniff, CORP; Referrer-,
// Permissions- and Cross-Origin-Opener-Policy on pages only; no-store on private answers; no
// source map served; HSTS only with HSTS=on.
import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { CONTRACT_PATHS } from '../../src/contract/contracts.ts'
import { MARKET_PATHS, logoUrl } from '../../src/contract/market.ts'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { SECONDS_PATHS } from '../../src/contract/seconds.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { appPolicy, inlineHashes } from '../../server/http/app-csp.ts'
import { API_CSP, PERMISSIONS_POLICY } from '../../server/http/security-headers.ts'
import { pngImage, postMultipart } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { kycPhotos, member, type Member, postFiles, VALID_KYC } from './profile-support.ts'
import { rawRequest } from './raw-http.ts'

const SHELL_SCRIPT = "\n      (function () { document.title = 'NovaEx' })();\n    "
const SKELETON_STYLE = '\n      .shell-block { height: 52px; }\n    '
const ENTRY_STYLE = '.app{display:flex}'
const indexHtml = (script: string) =>
  `<!doctype html><html><head><style>${SKELETON_STYLE}</style>` +
  '<script type="module" crossorigin src="/mobile/assets/app-x.js"></script>' +
  `<style>${ENTRY_STYLE}</style></head><body><!-- <script>not a script</script> -->` +
  `<div id="root"></div><script>${script}</script></body></html>`

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

type Headers = Record<string, string | string[] | undefined>

/** What every answer carries, whatever it is (a private image's own policy has no frame-ancestors: X-Frame-Options keeps it unframed). */
function expectCommonHeaders(headers: Headers, what: string): void {
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['x-frame-options'], what).toBe('DENY')
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin')
  expect(headers['content-security-policy'], what).toBeDefined()
  expect(headers['strict-transport-security'], what).toBeUndefined()
}

/** A page also gets what governs documents. */
function expectPageHeaders(headers: Headers, what: string): void {
  expectCommonHeaders(headers, what)
  expect(directives(headers['content-security-policy']).get('frame-ancestors'), what).toEqual(["'none'"])
  expect(headers['referrer-policy'], what).toBe('no-referrer')
  expect(headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY)
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin')
}

/** Anything else goes without them: they would only be bytes on every request. */
function expectNotPage(headers: Headers, what: string): void {
  expectCommonHeaders(headers, what)
  for (const name of ['referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']) expect(headers[name], `${what}: ${name}`).toBeUndefined()
}

function expectApiHeaders(headers: Headers, what: string): void {
  expectNotPage(headers, what)
  expect(directives(headers['content-security-policy']), what).toEqual(directives(API_CSP))
  expect(headers['cache-control'], what).toBe('no-store')
}

/** The directives of a policy by name. */
function directives(policy: string | string[] | undefined): Map<string, string[]> {
  return new Map(String(policy).split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]))
}

let server: TestServer
let dist: string
let alice: Member
const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.url, 'GET', path, undefined, headers)
const post = (path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  rawRequest(server.url, 'POST', path, new URLSearchParams(form).toString(), { 'content-type': 'application/x-www-form-urlencoded', ...headers })

beforeAll(async () => {
  server = await startServer()
  dist = join(server.dataDir, 'dist')
  await mkdir(join(dist, 'assets'), { recursive: true })
  await writeFile(join(dist, 'index.html'), indexHtml(SHELL_SCRIPT))
  await writeFile(join(dist, 'assets', 'app-x.js'), 'export const x = 1\n//# sourceMappingURL=app-x.js.map\n')
  await writeFile(join(dist, 'assets', 'app-x.js.map'), '{"version":3,"sourcesContent":["secret source"]}')
  await writeFile(join(dist, 'sw.js'), 'self.skipWaiting()\n')
  await writeFile(join(dist, 'sw.js.map'), '{"version":3,"sourcesContent":["secret source"]}')
  await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"NovaEx"}')
  alice = await member(server, 'alice@headers.test')
})
afterAll(() => server.close())

describe('the app under /mobile/', () => {
  it('gets a strict policy that allows the inline script and styles of its index.html by hash, and nothing inline else', async () => {
    for (const path of ['/mobile/', '/mobile/home', '/mobile/action/trade', '/mobile/index.html']) {
      const answer = await get(path)
      expect(answer.status, path).toBe(200)
      expectPageHeaders(answer.headers, path)
      expect(answer.headers['cache-control'], path).toBe('no-cache')
      const policy = directives(answer.headers['content-security-policy'])
      expect(policy.get('script-src'), path).toEqual(["'self'", sha256(SHELL_SCRIPT)])
      expect(policy.get('style-src'), path).toEqual(["'self'", sha256(SKELETON_STYLE), sha256(ENTRY_STYLE)])
      expect(policy.get('default-src')).toEqual(["'self'"])
      expect(policy.get('connect-src')).toEqual(["'self'"])
      expect(policy.get('worker-src')).toEqual(["'self'"])
      expect(policy.get('img-src')).toEqual(["'self'", 'blob:'])
      expect(policy.get('object-src')).toEqual(["'none'"])
      expect(policy.get('base-uri')).toEqual(["'self'"])
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
      expect(String(answer.headers['content-security-policy'])).not.toMatch(/unsafe-|\*|data:/)
    }
  })

  it('follows a new build: the hashes are those of the index.html being served', async () => {
    const changed = "\n      document.title = 'Next release'\n    "
    await writeFile(join(dist, 'index.html'), indexHtml(changed))
    try {
      const policy = directives((await get('/mobile/home')).headers['content-security-policy'])
      expect(policy.get('script-src')).toEqual(["'self'", sha256(changed)])
    } finally {
      await writeFile(join(dist, 'index.html'), indexHtml(SHELL_SCRIPT))
    }
    expect(directives((await get('/mobile/home')).headers['content-security-policy']).get('script-src')).toEqual(["'self'", sha256(SHELL_SCRIPT)])
  })

  it('sends the page policy with the service worker, whose own policy it is, and the default one with the hashed files', async () => {
    const page = (await get('/mobile/')).headers['content-security-policy']
    for (const path of ['/mobile/sw.js', '/mobile/manifest.webmanifest']) {
      const answer = await get(path)
      expect(answer.status, path).toBe(200)
      expectNotPage(answer.headers, path)
      expect(answer.headers['content-security-policy'], path).toBe(page)
      expect(answer.headers['cache-control'], path).toBe('no-cache')
    }
    // A page's script or stylesheet ignores its own policy (pdf.js's worker, an asset too, needs nothing).
    const asset = await get('/mobile/assets/app-x.js')
    expect(asset.status).toBe(200)
    expectNotPage(asset.headers, 'asset')
    expect(directives(asset.headers['content-security-policy'])).toEqual(directives(API_CSP))
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('serves no source map, present or not, and never answers one with the HTML shell', async () => {
    for (const path of ['/mobile/assets/app-x.js.map', '/mobile/sw.js.map', '/mobile/assets/none.js.map', '/mobile/home.map', '/mobile/SW.JS.MAP']) {
      const answer = await get(path)
      expect(answer.status, path).toBe(404)
      expect(answer.body, path).not.toContain('secret source')
      expect(answer.body, path).not.toContain('<html')
      expectApiHeaders(answer.headers, path)
    }
  })

  it('keeps the headers on the redirects to /mobile/ and on a missing asset', async () => {
    for (const path of ['/', '/mobile']) {
      const answer = await get(path)
      expect(answer.status).toBe(302)
      expectApiHeaders(answer.headers, path)
    }
    const missing = await get('/mobile/assets/old-build.js')
    expect(missing.status).toBe(404)
    expectApiHeaders(missing.headers, 'missing asset')
  })
})

describe('the API', () => {
  it('public /bb calls: the API policy and no-store', async () => {
    const params = await get(USER_PATHS.getParamList)
    expect(JSON.parse(params.body).code).toBe(1)
    expectApiHeaders(params.headers, 'params')
  })

  it('private /bb calls: the same, signed in or refused for want of a session', async () => {
    const info = await post(USER_PATHS.info, { userId: String(alice.userId) }, alice.headers)
    expect(JSON.parse(info.body).code).toBe(1)
    expectApiHeaders(info.headers, 'user info')
    const refused = await post(USER_PATHS.info, { userId: String(alice.userId) })
    expect(JSON.parse(refused.body).code).toBe(-2)
    expectApiHeaders(refused.headers, 'no session')
    const login = await post(USER_PATHS.login, { account: 'alice@headers.test', password: 'wrong password 1' })
    expectApiHeaders(login.headers, 'login')
  })

  it('/contract calls, public and private, of both envelopes', async () => {
    for (const [path, form, headers] of [
      [CONTRACT_PATHS.config, {}, {}],
      [CONTRACT_PATHS.positions, {}, alice.headers],
      [ASSET_PATHS.accounts, { accountType: '2' }, alice.headers],
      [SECONDS_PATHS.config, {}, {}],
      [SECONDS_PATHS.records, {}, alice.headers],
    ] as const) {
      const answer = await post(path, form, headers)
      expect(answer.status, path).toBe(200)
      expect(answer.body, path).toMatch(/"(code|status)":(1|200|"ok")/)
      expectApiHeaders(answer.headers, path)
    }
  })

  it('market calls under /bb/huobi, small and compressed, and the coin logos with their own sandbox', async () => {
    const list = await post(MARKET_PATHS.detailsByQuote, { quoteCoin: 'USDT' }, { 'accept-encoding': 'br' })
    expect(list.status).toBe(200)
    expectApiHeaders(list.headers, 'pair list')
    const kline = await post(MARKET_PATHS.kline, { symbol: 'btcusdt', timer: '1min', size: '2000' }, { 'accept-encoding': 'br' })
    expect(kline.headers['content-encoding']).toBe('br')
    expectApiHeaders(kline.headers, 'kline')
    const logo = await get(logoUrl('BTC'))
    expect(logo.status).toBe(200)
    expectNotPage(logo.headers, 'logo')
    expect(logo.headers['content-security-policy']).toMatch(/^default-src 'none';.*sandbox/)
    expect(logo.headers['cache-control']).toBe('public, max-age=86400')
  })

  it('refusals: unknown paths, bodies over the limit, undecodable URLs', async () => {
    const unknown = await post('/bb/no/such/call')
    expect(unknown.status).toBe(404)
    expectApiHeaders(unknown.headers, '404')
    const nowhere = await get('/nowhere')
    expect(nowhere.status).toBe(404)
    expectApiHeaders(nowhere.headers, '404 outside the API')
    const large = await rawRequest(server.url, 'POST', USER_PATHS.login, `account=${'a'.repeat(70 * 1024)}`, { 'content-type': 'application/x-www-form-urlencoded' })
    expect(large.status).toBe(413)
    expectApiHeaders(large.headers, '413')
    const undecodable = await get('/bb/%ZZ')
    expect(undecodable.status).toBe(400)
    expectApiHeaders(undecodable.headers, 'bad URL')
  })
})

describe('private images', () => {
  it('a deposit proof: its owner only, its own sandboxing policy, never stored by any cache', async () => {
    const record = await postMultipart(server, ASSET_PATHS.deposit, { currency: 'USDT', chain: 'TRC20', amount: '5' }, { bytes: pngImage(5, 7) }, alice.headers)
    expect(record.json.code, record.text).toBe(1)
    const proof = await get(`${ASSET_PATHS.depositProof}?id=${record.json.data.id}`, alice.headers)
    expect(proof.status).toBe(200)
    expect(proof.headers['content-type']).toBe('image/jpeg')
    expectNotPage(proof.headers, 'proof')
    expect(proof.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(proof.headers['cache-control']).toBe('private, no-store')
    const refused = await get(`${ASSET_PATHS.depositProof}?id=${record.json.data.id}`)
    expectApiHeaders(refused.headers, 'proof without a session')
  })

  it('identity photos: the same', async () => {
    const submitted = await postFiles(server, PROFILE_PATHS.kycSubmit, VALID_KYC, kycPhotos(), alice.headers)
    expect(submitted.json.code, submitted.text).toBe(1)
    for (const side of ['front', 'back']) {
      const photo = await get(`${PROFILE_PATHS.kycPhoto}?side=${side}`, alice.headers)
      expect(photo.status).toBe(200)
      expectNotPage(photo.headers, side)
      expect(photo.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
      expect(photo.headers['cache-control']).toBe('private, no-store')
    }
  })
})

describe('HSTS', () => {
  it('is sent on every answer with HSTS=on, for a year', async () => {
    const behindTls = await startServer({ hsts: true })
    try {
      for (const path of ['/bb/paramter/getParamListByKeyName', '/nowhere', '/mobile/']) {
        const answer = await rawRequest(behindTls.url, 'GET', path)
        expect(answer.headers['strict-transport-security'], path).toBe('max-age=31536000')
      }
    } finally {
      await behindTls.close()
    }
  })
})

describe('the app policy from an index.html', () => {
  it('hashes inline scripts and styles as the browser reads them, and skips comments and external scripts', () => {
    const html = '<STYLE media="all">a{}</STYLE>\r\n<!-- <script>x()</script> --><script src="/a.js"></script>' +
      '<script type="module">\r\nrun()\r\n</script><template><style>b{}</style></template>'
    expect(inlineHashes(html)).toEqual({ scripts: [sha256('\nrun()\n')], styles: [sha256('a{}'), sha256('b{}')] })
  })

  it('has no script-src hash at all for a page without inline script', () => {
    expect(directives(appPolicy('<html><script src="/x.js"></script></html>')).get('script-src')).toEqual(["'self'"])
  })
})
