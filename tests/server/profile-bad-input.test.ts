// Hundreds of malformed requests to every profile call: wrong shapes, types, sizes, encodings,
// methods and multipart bodies. Each is answered in the /bb envelope with a 4xx or a refusal, never
// a 5xx, and nothing changes: users, verifications, messages, collection accounts, uploaded files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { withDb } from './assets-support.ts'
import { setFundPassword } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { type Member, member, storedImages } from './profile-support.ts'

let server: TestServer
let user: Member

// Each table in the order of its key (PostgreSQL has no rowid).
const TABLES = { users: 'id', kyc_submissions: 'id', messages: 'id', announcements: 'id', collection_accounts: 'user_id' }

const state = async () => ({
  db: await withDb(server, async (db) => {
    const rows: Record<string, unknown[]> = {}
    for (const [table, key] of Object.entries(TABLES)) rows[table] = (await db.all(`SELECT * FROM ${table} ORDER BY ${key}`)).map((row) => ({ ...row }))
    return rows
  }),
  uploads: await storedImages(server, 'uploads'),
  avatars: await storedImages(server, 'avatars'),
})

beforeAll(async () => {
  server = await startServer()
  user = await member(server, 'prober@bad.test')
  await setFundPassword(server, user.token)
})
afterAll(() => server.close())

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const JSON_TYPE = { 'content-type': 'application/json' }
const POSTS = [
  PROFILE_PATHS.uploadIcon,
  PROFILE_PATHS.kycStatus,
  PROFILE_PATHS.kycSubmit,
  PROFILE_PATHS.invitees,
  PROFILE_PATHS.messages,
  PROFILE_PATHS.unread,
  PROFILE_PATHS.messageDetail,
  PROFILE_PATHS.markRead,
  PROFILE_PATHS.bankCard,
  PROFILE_PATHS.setBankCard,
]
const FIELDS = ['id', 'pageNo', 'pageSize', 'name', 'docType', 'docNumber', 'bankName', 'cardName', 'cardNumber', 'tradePassword']

interface Probe {
  label: string
  method: string
  path: string
  body?: string | FormData
  headers?: Record<string, string>
}

function probes(): Probe[] {
  const list: Probe[] = []
  for (const path of POSTS) {
    const add = (label: string, body: string | FormData | undefined, headers: Record<string, string> = FORM) => list.push({ label, method: 'POST', path, body, headers })
    add('a JSON array', '[1,2,3]', JSON_TYPE)
    add('a JSON string', '"id"', JSON_TYPE)
    add('JSON null', 'null', JSON_TYPE)
    add('broken JSON', '{"id":', JSON_TYPE)
    add('an unknown content type', 'id=1', { 'content-type': 'application/x-unknown' })
    add('a multipart type without a boundary', 'id=1', { 'content-type': 'multipart/form-data' })
    add('a multipart body cut short', '--xyz\r\ncontent-disposition: form-data; name="id"\r\n\r\n1', { 'content-type': 'multipart/form-data; boundary=xyz' })
    for (const field of FIELDS) {
      add(`${field} as an object`, JSON.stringify({ [field]: { $gt: '' } }), JSON_TYPE)
      add(`${field} as a number`, JSON.stringify({ [field]: 12 }), JSON_TYPE)
      add(`${field} 5000 long`, `${field}=${'9'.repeat(5000)}`)
      add(`${field} with a null byte`, `${field}=1%00`)
      add(`${field} repeated`, `${field}=1&${field}=2`)
      add(`${field} bad encoding`, `${field}=%ZZ`)
      add(`${field} negative`, `${field}=-1`)
      add(`${field} huge`, `${field}=1e308`)
      add(`${field} unicode`, `${field}=${encodeURIComponent('例え😀\u202e')}`)
    }
    for (const method of ['PUT', 'DELETE', 'PATCH']) list.push({ label: `${method} on a POST route`, method, path })
  }
  for (const query of ['', '?side=', '?side=left', '?side=front&side=back', '?side=%00', '?side=%ZZ', `?side=${'f'.repeat(5000)}`]) {
    list.push({ label: `photo ${query.slice(0, 20)}`, method: 'GET', path: `${PROFILE_PATHS.kycPhoto}${query}` })
  }
  for (const name of ['', 'a', '%00.jpg', '..%2F..%2Fexchange.sqlite', `${'a'.repeat(5000)}.jpg`, 'ABCDEF0123456789ABCDEF0123456789.jpg']) {
    list.push({ label: `avatar ${name.slice(0, 20)}`, method: 'GET', path: `${PROFILE_PATHS.avatarImage}${name}` })
  }
  return list
}

describe('malformed profile requests', () => {
  it('are each refused without a 5xx, in the /bb envelope, and change nothing', async () => {
    const before = await state()
    const all = probes()
    expect(all.length).toBeGreaterThan(900)
    for (const [withSession, headers] of [[true, user.headers], [false, {}]] as const) {
      for (const probe of all) {
        const response = await fetch(server.url + probe.path, { method: probe.method, body: probe.body, headers: { ...probe.headers, ...headers } })
        const text = await response.text()
        const where = `${withSession ? 'session' : 'anonymous'} ${probe.method} ${probe.path} ${probe.label}: ${response.status} ${text.slice(0, 200)}`
        expect(response.status, where).toBeLessThan(500)
        if (response.headers.get('content-type')?.startsWith('application/json')) {
          const json = JSON.parse(text) as { code: number; data: unknown }
          expect([0, 1, -2], where).toContain(json.code)
          if (json.code === 1) expect(response.status, where).toBe(200)
        } else {
          // Only a real image may come back without the envelope, and only to the avatar route.
          expect(response.headers.get('content-type'), where).toBe('image/jpeg')
        }
      }
    }
    expect(await state()).toEqual(before)
  }, 120_000)
})
