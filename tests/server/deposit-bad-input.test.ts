// A battery of malformed requests over every deposit, withdrawal, address-book and proof call:
// none may answer 5xx, each answers the envelope without internals, and none changes anything.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { type Funded, fundedUser, snapshot } from './assets-support.ts'
import { setFundPassword } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { rawRequest } from './raw-http.ts'

let server: TestServer
let user: Funded
beforeAll(async () => {
  server = await startServer()
  user = await fundedUser(server, 'fuzz@deposit.test', [{ currency: 'USDT', amount: '500' }])
  await setFundPassword(server, user.headers['access-token'] ?? '')
})
afterAll(() => server.close())

const POSTS: Record<string, readonly string[]> = {
  [ASSET_PATHS.depositAddress]: ['currency', 'chain'],
  [ASSET_PATHS.deposit]: ['currency', 'chain', 'amount'],
  [ASSET_PATHS.withdrawConfig]: ['currency'],
  [ASSET_PATHS.withdraw]: ['currency', 'chain', 'address', 'amount', 'remark', 'tradePassword'],
  [ASSET_PATHS.addressList]: ['currency'],
  [ASSET_PATHS.addAddress]: ['currency', 'chain', 'address', 'remark'],
  [ASSET_PATHS.updateAddress]: ['id', 'address', 'remark'],
  [ASSET_PATHS.deleteAddress]: ['id'],
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const JSON_TYPE = { 'content-type': 'application/json' }
const STRANGE = ['', ' ', '-1', '1e400', 'NaN', '0x1f', '1'.repeat(2000), '\u0000', '☃️𝒳', '../../etc/passwd', '<script>', "' OR 1=1 --", '__proto__', 'constructor']

function bodies(fields: readonly string[]): Array<{ body: string; headers: Record<string, string> }> {
  const out = [
    { body: '', headers: FORM },
    { body: '{}', headers: JSON_TYPE },
    { body: '[1,2]', headers: JSON_TYPE },
    { body: 'null', headers: JSON_TYPE },
    { body: '{"currency":', headers: JSON_TYPE },
    { body: '{"__proto__":{"x":1}}', headers: JSON_TYPE },
    { body: '%%%=%ZZ&&=&', headers: FORM },
    { body: 'x', headers: { 'content-type': 'text/plain' } },
    { body: '<a/>', headers: { 'content-type': 'application/xml' } },
    { body: '--b\r\n\r\n--b--', headers: { 'content-type': 'multipart/form-data; boundary=b' } },
    { body: '--b\r\nContent-Disposition: form-data; name="currency"\r\n\r\nUSDT\r\n', headers: { 'content-type': 'multipart/form-data; boundary=b' } },
    { body: 'x', headers: { 'content-type': 'multipart/form-data' } },
    { body: `currency=${'a'.repeat(200_000)}`, headers: FORM },
  ]
  for (const field of fields) {
    for (const value of STRANGE) out.push({ body: new URLSearchParams({ currency: 'USDT', chain: 'TRC20', [field]: value }).toString(), headers: FORM })
    for (const value of [1, true, null, [], { a: 1 }, ['USDT', 'BTC']]) out.push({ body: JSON.stringify({ [field]: value }), headers: JSON_TYPE })
    out.push({ body: `${field}=a&${field}=b`, headers: FORM })
  }
  return out
}

const LEAK = /\n\s+at |node_modules|\.[cm]?[jt]s:\d+|FST_|SqliteError|TypeError|ReferenceError/

it('refuses every malformed request cleanly and changes nothing', async () => {
  const before = await snapshot(server)
  const problems: string[] = []
  let count = 0
  const check = async (method: string, path: string, body: string | undefined, headers: Record<string, string>) => {
    count++
    const answer = await rawRequest(server.url, method, path, body, headers)
    const label = `${method} ${path} ${String(body).slice(0, 40)} → ${answer.status} ${answer.body.slice(0, 80)}`
    let envelope = false
    try {
      const parsed = JSON.parse(answer.body)
      envelope = typeof parsed.code === 'number' && typeof parsed.msg === 'string'
    } catch {
      envelope = false
    }
    if (answer.status >= 500) problems.push(`5xx: ${label}`)
    if (!envelope) problems.push(`no envelope: ${label}`)
    if (LEAK.test(answer.body)) problems.push(`leak: ${label}`)
  }
  for (const [path, fields] of Object.entries(POSTS)) {
    for (const { body, headers } of bodies(fields)) {
      await check('POST', path, body, { ...headers, ...user.headers })
    }
    await check('POST', path, 'currency=USDT', { ...FORM, 'access-token': 'x'.repeat(5000) })
    await check('GET', path, undefined, user.headers)
  }
  for (const query of ['', '?id=', '?id=1', '?id=-1', '?id=1e3', '?id=%00', '?id=../x', '?id[]=1', '?id=1&id=2', `?id=${'9'.repeat(3000)}`]) {
    await check('GET', `${ASSET_PATHS.depositProof}${query}`, undefined, user.headers)
  }
  await check('POST', ASSET_PATHS.depositProof, 'id=1', { ...FORM, ...user.headers })
  expect(problems).toEqual([])
  expect(count).toBeGreaterThan(500)
  expect(await snapshot(server)).toEqual(before)
}, 60_000)
