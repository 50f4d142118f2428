// Identity verification end to end on the real server, with the operators' real tool: every
// transition (none → reviewing → rejected → reviewing → verified), every refusal while under review
// or verified, the user info's `auth`, the photos served only to their owner and never cached, the
// messages each review sends, and the withdrawal gate before and after.
import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { SERVER_MESSAGES as M } from '../../src/contract/messages.ts'
import { KYC_STATE, PROFILE_PATHS } from '../../src/contract/profile.ts'
import { KYC_STATUS, USER_PATHS } from '../../src/contract/user.ts'
import { readImageHeader } from '../../server/uploads/image-header.ts'
import { snapshot, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { admin } from './admin-cli.ts'
import { kycPhotos, type Member, member, postFiles, VALID_KYC } from './profile-support.ts'

let server: TestServer
let alice: Member
let bob: Member
beforeAll(async () => {
  server = await startServer()
  alice = await member(server, 'alice@kyc.test')
  bob = await member(server, 'bob@kyc.test')
})
afterAll(() => server.close())

const status = async (who: Member) => (await server.post(PROFILE_PATHS.kycStatus, {}, who.headers)).json.data
const auth = async (who: Member) => (await server.post(USER_PATHS.info, { userId: String(who.userId) }, who.headers)).json.data.auth
const submit = (who: Member, fields = VALID_KYC, files = kycPhotos()) => postFiles(server, PROFILE_PATHS.kycSubmit, fields, files, who.headers)
const inbox = async (who: Member) => (await server.post(PROFILE_PATHS.messages, {}, who.headers)).json.data
const submissions = () => withDb(server, async (db) => (await db.all('SELECT id, user_id, state, reason FROM kyc_submissions ORDER BY id')).map((row) => ({ ...row })))
const withdrawal = (who: Member) =>
  server.post(ASSET_PATHS.withdraw, { currency: 'USDT', chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '20', tradePassword: '123456' }, who.headers)

describe('identity verification, transition by transition', () => {
  let firstId = ''
  let secondId = ''

  it('starts not verified, and a withdrawal is refused with the message that leads to /me/verify, changing nothing', async () => {
    expect(await status(alice)).toEqual({ state: KYC_STATE.none, submitted: null, reason: '', reviewedAt: null })
    expect(await auth(alice)).toBe(KYC_STATUS.none)
    const before = await snapshot(server)
    expect((await withdrawal(alice)).json).toEqual({ code: 0, msg: M.kycRequired, data: null })
    expect(await snapshot(server)).toEqual(before)
  })

  it('none → reviewing: the submission is stored with its photos, the number masked', async () => {
    const answer = await submit(alice, { ...VALID_KYC, name: '  Lee   Min ', docNumber: 'e1234 5678' })
    expect(answer.json.code, answer.text).toBe(1)
    expect(answer.json.data).toMatchObject({
      state: KYC_STATE.reviewing,
      submitted: { name: 'Lee Min', docType: 2, docNumberMasked: 'E1*****78', frontUrl: `${PROFILE_PATHS.kycPhoto}?side=front`, backUrl: `${PROFILE_PATHS.kycPhoto}?side=back` },
      reason: '',
      reviewedAt: null,
    })
    expect(answer.json.data.submitted.submittedAt).toBe(server.clock.now)
    expect(await auth(alice)).toBe(KYC_STATUS.reviewing)
    const [row] = await submissions()
    firstId = String(row?.id)
  })

  it('while under review nothing can be changed, and nothing is stored', async () => {
    const before = await submissions()
    for (const fields of [VALID_KYC, { ...VALID_KYC, name: 'Other Name' }, { name: '', docType: '', docNumber: '' }]) {
      expect((await submit(alice, fields)).json).toEqual({ code: 0, msg: M.kycLocked, data: null })
    }
    expect(await submissions()).toEqual(before)
  })

  it('the photos are served to their owner only, as fresh JPEGs that no cache keeps', async () => {
    for (const side of ['front', 'back']) {
      const response = await fetch(`${server.url}${PROFILE_PATHS.kycPhoto}?side=${side}`, { headers: alice.headers })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/jpeg')
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(readImageHeader(Buffer.from(await response.arrayBuffer()))).toEqual({ type: 'jpeg', ...(side === 'front' ? { width: 40, height: 30 } : { width: 30, height: 40 }) })
    }
    // Bob has none of his own, and cannot reach Alice's by any spelling.
    for (const query of ['side=front', 'side=back', 'side=front&userId=' + alice.userId, 'side=../uploads', 'side=']) {
      const response = await fetch(`${server.url}${PROFILE_PATHS.kycPhoto}?${query}`, { headers: bob.headers })
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    }
    expect((await server.get(`${PROFILE_PATHS.kycPhoto}?side=front`)).json.code).toBe(-2)
  })

  it('the operator lists it and shows it, its photos written into a folder of theirs', async () => {
    const list = await admin(server, 'kyc', 'list')
    expect(list.code).toBe(0)
    expect(list.stdout).toContain(`#${firstId}\treviewing\talice@kyc.test\tLee Min\tpassport`)
    // On either engine (on PostgreSQL the photos live in the database); kyc-admin-show.test.ts has the rest.
    const folder = await mkdtemp(join(server.dataDir, 'operator-'))
    const show = await admin(server, 'kyc', 'show', firstId, '--photos', folder)
    expect(show.code, show.stderr).toBe(0)
    const paths = [...show.stdout.matchAll(/^(?:front|back):\s+(\S+)$/gm)].map((match) => match[1] ?? '')
    expect(paths).toEqual([join(folder, `kyc-${firstId}-front.jpg`), join(folder, `kyc-${firstId}-back.jpg`)])
    expect(paths.map((path) => readImageHeader(readFileSync(path)))).toEqual([{ type: 'jpeg', width: 40, height: 30 }, { type: 'jpeg', width: 30, height: 40 }])
    expect(show.stdout).toContain('E12345678')
  })

  it('reviewing → rejected: needs a reason, which the user reads in the status and in a message', async () => {
    expect((await admin(server, 'kyc', 'reject', firstId)).code).toBe(2)
    const rejected = await admin(server, 'kyc', 'reject', firstId, 'The', 'photo', 'is', 'blurred')
    expect(rejected.code, rejected.stderr).toBe(0)
    expect(await status(alice)).toMatchObject({ state: KYC_STATE.rejected, reason: 'The photo is blurred', reviewedAt: expect.any(Number) })
    expect(await auth(alice)).toBe(KYC_STATUS.none)
    const page = await inbox(alice)
    expect(page.sum).toBe(1)
    expect(page.list[0]).toMatchObject({ kind: 'kycRejected', params: { reason: 'The photo is blurred' }, read: 0 })
    expect((await withdrawal(alice)).json.msg).toBe(M.kycRequired)
  })

  it('a decided verification cannot be decided again, either way', async () => {
    const before = await submissions()
    const again = await admin(server, 'kyc', 'approve', firstId)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('already rejected')
    expect((await admin(server, 'kyc', 'reject', firstId, 'again')).code).toBe(1)
    expect((await admin(server, 'kyc', 'approve', '999999')).code).toBe(1)
    expect((await admin(server, 'kyc', 'approve', 'abc')).code).toBe(1)
    expect(await submissions()).toEqual(before)
    expect((await inbox(alice)).sum).toBe(1)
  })

  it('rejected → reviewing: the user may submit again', async () => {
    const answer = await submit(alice, { name: '李敏', docType: '1', docNumber: '11010519491231002x' })
    expect(answer.json.data).toMatchObject({ state: KYC_STATE.reviewing, reason: '', reviewedAt: null, submitted: { name: '李敏', docType: 1, docNumberMasked: '1101**********002X' } })
    secondId = String((await submissions()).at(-1)?.id)
    expect(secondId).not.toBe(firstId)
  })

  it('reviewing → verified: auth 2, a message, and the withdrawal gate opens', async () => {
    const approved = await admin(server, 'kyc', 'approve', secondId)
    expect(approved.code, approved.stderr).toBe(0)
    expect(await status(alice)).toMatchObject({ state: KYC_STATE.verified, reason: '' })
    expect(await auth(alice)).toBe(KYC_STATUS.verified)
    const page = await inbox(alice)
    expect(page.list.map((m: { kind: string }) => m.kind)).toEqual(['kycApproved', 'kycRejected'])
    // Past the gate: the next thing the withdrawal needs is the fund password.
    expect((await withdrawal(alice)).json.msg).toBe(M.fundPasswordNotSet)
  })

  it('verified: nothing can be changed any more, and the decision stands', async () => {
    const before = await submissions()
    expect((await submit(alice)).json).toEqual({ code: 0, msg: M.kycLocked, data: null })
    expect((await admin(server, 'kyc', 'reject', secondId, 'changed', 'my', 'mind')).code).toBe(1)
    expect(await submissions()).toEqual(before)
    expect(await auth(alice)).toBe(KYC_STATUS.verified)
  })

  it("the other user's state was never touched", async () => {
    expect(await status(bob)).toEqual({ state: KYC_STATE.none, submitted: null, reason: '', reviewedAt: null })
    expect((await inbox(bob)).sum).toBe(0)
  })
})

describe('bad verification forms are refused with a clear message, changing nothing', () => {
  const photos = kycPhotos()
  const cases: Array<[string, Record<string, string>, Record<string, { bytes: Buffer }>, string]> = [
    ['no name', { ...VALID_KYC, name: '' }, photos, M.kycInvalidName],
    ['digits as a name', { ...VALID_KYC, name: '12345' }, photos, M.kycInvalidName],
    ['markup as a name', { ...VALID_KYC, name: '<b>x</b>' }, photos, M.kycInvalidName],
    ['a 65-letter name', { ...VALID_KYC, name: 'a'.repeat(65) }, photos, M.kycInvalidName],
    ['no document type', { ...VALID_KYC, docType: '' }, photos, M.kycInvalidDocType],
    ['an unknown document type', { ...VALID_KYC, docType: '4' }, photos, M.kycInvalidDocType],
    ['a document type that is not a number', { ...VALID_KYC, docType: 'passport' }, photos, M.kycInvalidDocType],
    ['a resident ID with a wrong check character', { ...VALID_KYC, docType: '1', docNumber: '110105194912310021' }, photos, M.kycInvalidDocNumber],
    ['a passport number as a resident ID', { ...VALID_KYC, docType: '1' }, photos, M.kycInvalidDocNumber],
    ['a passport without digits', { ...VALID_KYC, docNumber: 'ABCDEFG' }, photos, M.kycInvalidDocNumber],
    ['no document number', { ...VALID_KYC, docNumber: '' }, photos, M.kycInvalidDocNumber],
    ['no back photo', VALID_KYC, { front: photos.front ?? { bytes: Buffer.alloc(0) } }, M.kycPhotosMissing],
    ['no photos', VALID_KYC, {}, M.kycPhotosMissing],
    ['an empty front photo', VALID_KYC, { ...photos, front: { bytes: Buffer.alloc(0) } }, M.kycPhotosMissing],
    ['HTML as the back photo', VALID_KYC, { ...photos, back: { bytes: Buffer.from('<!doctype html><script>alert(1)</script>') } }, M.imageType],
  ]

  it.each(cases)('%s', async (_label, fields, files, msg) => {
    const before = { ...(await snapshot(server)), kyc: await submissions(), auth: await auth(bob) }
    const answer = await postFiles(server, PROFILE_PATHS.kycSubmit, fields, files, bob.headers)
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ code: 0, msg, data: null })
    expect({ ...(await snapshot(server)), kyc: await submissions(), auth: await auth(bob) }).toEqual(before)
  })

  it('a form-encoded submission (no photos possible) asks for the photos', async () => {
    expect((await server.post(PROFILE_PATHS.kycSubmit, VALID_KYC, bob.headers)).json.msg).toBe(M.kycPhotosMissing)
  })

  it('a third file, a file under another name, or a duplicated field is a malformed request', async () => {
    const extra = await postFiles(server, PROFILE_PATHS.kycSubmit, VALID_KYC, { ...kycPhotos(), selfie: { bytes: kycPhotos().front?.bytes ?? Buffer.alloc(0) } }, bob.headers)
    // busboy's file-count limit answers 413 itself: a client error all the same.
    expect(extra.status).toBeGreaterThanOrEqual(400)
    expect(extra.status).toBeLessThan(500)
    expect(extra.json?.code).toBe(0)
    const form = new FormData()
    form.append('name', 'A B')
    for (const [name, value] of Object.entries(VALID_KYC)) form.append(name, value)
    const duplicated = await fetch(server.url + PROFILE_PATHS.kycSubmit, { method: 'POST', body: form, headers: bob.headers })
    expect(duplicated.status).toBe(400)
    expect((await submissions()).filter((row) => row.user_id === bob.userId)).toEqual([])
  })

  it('asks for a session before reading anything', async () => {
    expect((await postFiles(server, PROFILE_PATHS.kycSubmit, VALID_KYC, kycPhotos())).json.code).toBe(-2)
    expect((await server.post(PROFILE_PATHS.kycStatus)).json.code).toBe(-2)
  })
})
