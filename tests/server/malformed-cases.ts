// The requests of the malformed-input battery (malformed.test.ts): every API path with missing,
// mistyped, oversized and strange input, wrong methods, unknown paths, and path traversal.
import { USER_PATHS } from '../../src/contract/user.ts'

export interface Case {
  name: string
  method: string
  path: string
  body?: string
  headers?: Record<string, string>
  /** The exact status this case must get, where the contract fixes it. */
  status?: number
}

const FIELDS: Record<keyof typeof USER_PATHS, readonly string[]> = {
  sendEmailCode: ['email'],
  sendEmailCodeForget: ['email'],
  emailVerification: ['email', 'code'],
  register: ['email', 'code', 'password', 'inviteCode'],
  login: ['account', 'password', 'device'],
  info: ['token', 'userId'],
  logout: [],
  setTransactionPwd: ['loginPassword', 'tradePassword'],
  updatePwd: ['oldPassword', 'newPassword'],
  forgetPwd: ['email', 'code', 'password'],
  confirmPassword: ['password'],
  getParam: ['paramName'],
  getParamList: ['keyName'],
}

const VALID: Record<string, string> = {
  email: 'someone@example.com',
  account: 'someone@example.com',
  code: '123456',
  password: 'Valid2026pass',
  inviteCode: 'ABCD2345',
  token: 'not-a-real-token',
  userId: '1',
  loginPassword: 'Valid2026pass',
  tradePassword: '123456',
  oldPassword: 'Valid2026pass',
  newPassword: 'Other2026pass',
  paramName: 'customer_service_email',
  keyName: 'customer',
  device: 'device-0123456789abcdef',
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const JSON_TYPE = { 'content-type': 'application/json' }
const valid = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, VALID[field] ?? 'x']))
const form = (values: Record<string, string>) => new URLSearchParams(values).toString()

function postCases(key: keyof typeof USER_PATHS, path: string): Case[] {
  const fields = FIELDS[key]
  // logout reads no body fields, so for it a bad body is ignored rather than refused.
  const strict = fields.length > 0 ? 400 : undefined
  const cases: Case[] = [
    { name: 'no body', method: 'POST', path, status: strict },
    { name: 'empty form', method: 'POST', path, body: '', headers: FORM, status: strict },
    { name: 'empty JSON object', method: 'POST', path, body: '{}', headers: JSON_TYPE, status: strict },
    { name: 'empty JSON body', method: 'POST', path, body: '', headers: JSON_TYPE, status: 400 },
    { name: 'invalid JSON', method: 'POST', path, body: '{"email":', headers: JSON_TYPE, status: 400 },
    { name: 'JSON array', method: 'POST', path, body: '[1,2]', headers: JSON_TYPE, status: strict },
    { name: 'JSON string', method: 'POST', path, body: '"text"', headers: JSON_TYPE, status: strict },
    { name: 'JSON null', method: 'POST', path, body: 'null', headers: JSON_TYPE, status: strict },
    { name: 'JSON number', method: 'POST', path, body: '42', headers: JSON_TYPE, status: strict },
    { name: '__proto__ key', method: 'POST', path, body: '{"__proto__":{"x":1}}', headers: JSON_TYPE, status: 400 },
    { name: 'constructor key', method: 'POST', path, body: '{"constructor":{"prototype":{"x":1}}}', headers: JSON_TYPE, status: 400 },
    { name: 'text/xml', method: 'POST', path, body: '<a/>', headers: { 'content-type': 'text/xml' }, status: 400 },
    { name: 'octet-stream', method: 'POST', path, body: 'AAAA', headers: { 'content-type': 'application/octet-stream' }, status: 400 },
    { name: 'multipart', method: 'POST', path, body: '--b\r\n\r\n--b--', headers: { 'content-type': 'multipart/form-data; boundary=b' }, status: 400 },
    { name: 'text/plain', method: 'POST', path, body: 'email=a', headers: { 'content-type': 'text/plain' }, status: strict },
    { name: 'body without content type', method: 'POST', path, body: form(valid(fields)), headers: { 'content-type': '' } },
    { name: 'garbage content type', method: 'POST', path, body: 'x', headers: { 'content-type': ';;;==' }, status: 400 },
    { name: '1 MiB form', method: 'POST', path, body: `email=${'a'.repeat(1024 * 1024)}`, headers: FORM, status: 413 },
    { name: 'form with garbage encoding', method: 'POST', path, body: '%%%=%ZZ&&=&', headers: FORM },
    { name: 'valid shape', method: 'POST', path, body: form(valid(fields)), headers: FORM },
    { name: 'bogus token header', method: 'POST', path, body: form(valid(fields)), headers: { ...FORM, 'access-token': 'x'.repeat(4000) } },
    { name: 'latin1 token header', method: 'POST', path, body: form(valid(fields)), headers: { ...FORM, 'access-token': 'ÿþ\u00a0' } },
  ]
  for (const field of fields) {
    const withValue = (value: unknown) => JSON.stringify({ ...valid(fields), [field]: value })
    for (const [kind, value] of Object.entries({ array: ['a'], object: { a: 1 }, number: 123456, boolean: true })) {
      cases.push({ name: `${field} as ${kind}`, method: 'POST', path, body: withValue(value), headers: JSON_TYPE, status: 400 })
    }
    cases.push(
      { name: `${field} null`, method: 'POST', path, body: withValue(null), headers: JSON_TYPE },
      { name: `${field} repeated`, method: 'POST', path, body: `${form(valid(fields))}&${field}=a&${field}=b`, headers: FORM, status: 400 },
      { name: `${field} very long`, method: 'POST', path, body: form({ ...valid(fields), [field]: 'a'.repeat(5000) }), headers: FORM, status: 400 },
      { name: `${field} null byte`, method: 'POST', path, body: form({ ...valid(fields), [field]: 'ab\0cd' }), headers: FORM, status: 400 },
      { name: `${field} unicode`, method: 'POST', path, body: form({ ...valid(fields), [field]: 'ü@ß.例え.jp😀' }), headers: FORM },
      { name: `${field} long unicode`, method: 'POST', path, body: form({ ...valid(fields), [field]: '𝔘'.repeat(500) }), headers: FORM },
      { name: `${field} blank`, method: 'POST', path, body: form({ ...valid(fields), [field]: ' \t ' }), headers: FORM },
      { name: `${field} control chars`, method: 'POST', path, body: form({ ...valid(fields), [field]: '\r\nBcc: x@y.z' }), headers: FORM },
    )
  }
  return cases
}

function getListCases(path: string): Case[] {
  return [
    { name: 'no query', method: 'GET', path, status: 200 },
    { name: 'repeated keyName', method: 'GET', path: `${path}?keyName=a&keyName=b`, status: 400 },
    { name: 'keyName null byte', method: 'GET', path: `${path}?keyName=%00`, status: 400 },
    { name: 'keyName bad encoding', method: 'GET', path: `${path}?keyName=%ZZ` },
    { name: 'keyName very long', method: 'GET', path: `${path}?keyName=${'a'.repeat(5000)}`, status: 400 },
    { name: 'keyName unicode', method: 'GET', path: `${path}?keyName=${encodeURIComponent('例え😀')}`, status: 200 },
    { name: 'POST to a GET route', method: 'POST', path, body: 'keyName=a', headers: FORM, status: 404 },
  ]
}

export function apiCases(): Case[] {
  const cases: Case[] = []
  for (const [key, path] of Object.entries(USER_PATHS) as Array<[keyof typeof USER_PATHS, string]>) {
    if (key === 'getParamList') {
      cases.push(...getListCases(path))
      continue
    }
    cases.push(...postCases(key, path))
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) cases.push({ name: `${method} on POST route`, method, path, status: 404 })
  }
  for (const path of ['/bb/nope', '/bb/user/', '/bb/user/login/extra', '/contract/x', '/x', '/bb', '/favicon.ico']) {
    cases.push({ name: 'unknown path', method: 'GET', path, status: 404 }, { name: 'unknown path', method: 'POST', path, status: 404 })
  }
  cases.push(
    { name: 'bad URL encoding', method: 'GET', path: '/bb/%ZZ' },
    { name: 'bad query encoding', method: 'POST', path: '/bb/user/login?x=%ZZ', body: 'account=a', headers: FORM },
    { name: 'POST under /mobile', method: 'POST', path: '/mobile/home', body: 'a=b', headers: FORM, status: 404 },
  )
  return cases
}

/** Raw paths (no client-side normalization) that try to leave the static root. */
export const TRAVERSAL_PATHS = [
  '/mobile/../secret.txt',
  '/mobile/../../secret.txt',
  '/mobile/%2e%2e/secret.txt',
  '/mobile/%2e%2e%2fsecret.txt',
  '/mobile/..%2fsecret.txt',
  '/mobile/assets/..%2f..%2fsecret.txt',
  '/mobile/assets/../../secret.txt',
  '/mobile/....//secret.txt',
  '/mobile/%252e%252e/secret.txt',
  '/mobile/..\\secret.txt',
  '/mobile/%5c..%5csecret.txt',
  '/mobile/%00',
  '/mobile/index.html%00.js',
  '/mobile/%ZZ',
  '/mobile//etc/passwd',
  '/mobile/.env',
]
