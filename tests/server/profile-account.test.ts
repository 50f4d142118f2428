// Invitations and the collection account. Invitees: those who registered with the caller's code,
// newest first, paged with the count, their email masked, their verification state; never anyone
// else's. The collection account: set and changed with the fund password, each field checked (the
// card number by Luhn), stored sealed (tests/server/data-at-rest.test.ts) beside its mask, and only
// ever answered masked but its last four digits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES as M } from '../../src/contract/messages.ts'
import { KYC_STATE, PROFILE_PATHS } from '../../src/contract/profile.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { withDb } from './assets-support.ts'
import { setFundPassword } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { fileSubmission, verifyIdentity } from './kyc-support.ts'
import { type Member, member } from './profile-support.ts'

let server: TestServer
let host: Member
let stranger: Member
beforeAll(async () => {
  server = await startServer()
  host = await member(server, 'host@invite.test')
  stranger = await member(server, 'stranger@invite.test')
})
afterAll(() => server.close())

const codeOf = async (who: Member) => (await server.post(USER_PATHS.info, { userId: String(who.userId) }, who.headers)).json.data.invitationCode as string
const stored = () => withDb(server, async (db) => (await db.all('SELECT * FROM collection_accounts')).map((row) => ({ ...row })))
const invitees = async (who: Member, fields: Record<string, string> = {}) => (await server.post(PROFILE_PATHS.invitees, fields, who.headers)).json

describe('invitees', () => {
  it('lists who registered with the code, newest first, masked, with their verification state, paged with the count', async () => {
    const code = await codeOf(host)
    expect((await invitees(host)).data).toEqual({ list: [], sum: 0 })
    const guests: Member[] = []
    for (let i = 1; i <= 12; i++) {
      server.clock.advance(60)
      guests.push(await member(server, `guest${i}@friends.test`, i % 2 === 0 ? code.toLowerCase() : code))
    }
    // Someone registered with another code, and someone with none, are not the host's.
    await member(server, 'other@friends.test', await codeOf(stranger))
    await member(server, 'nobody@friends.test')
    await withDb(server, async (db) => {
      await verifyIdentity(db, guests[11]?.userId ?? 0)
      await fileSubmission(db, guests[10]?.userId ?? 0)
    })
    const first = await invitees(host, { pageNo: '1', pageSize: '10' })
    expect(first.data.sum).toBe(12)
    expect(first.data.list).toHaveLength(10)
    expect(first.data.list[0]).toEqual({ emailMasked: 'g***@friends.test', registeredAt: expect.any(Number), kycState: KYC_STATE.verified })
    expect(first.data.list[1].kycState).toBe(KYC_STATE.reviewing)
    expect(first.data.list[2].kycState).toBe(KYC_STATE.none)
    const times = first.data.list.map((i: { registeredAt: number }) => i.registeredAt)
    expect(times).toEqual(times.toSorted((a: number, b: number) => b - a))
    expect((await invitees(host, { pageNo: '2', pageSize: '10' })).data.list).toHaveLength(2)
    expect(JSON.stringify(first)).not.toMatch(/guest\d/)
  })

  it('shows a rejected invitee as rejected', async () => {
    const code = await codeOf(stranger)
    const guest = await member(server, 'rejected@friends.test', code)
    await withDb(server, async (db) => {
      const id = await fileSubmission(db, guest.userId)
      await db.run("UPDATE kyc_submissions SET state = 3, reason = 'blurred', reviewed_at = 1 WHERE id = ?", id)
      await db.run('UPDATE users SET kyc_status = 0 WHERE id = ?', guest.userId)
    })
    expect((await invitees(stranger)).data.list[0]).toMatchObject({ emailMasked: 'r***@friends.test', kycState: KYC_STATE.rejected })
  })

  it('one user never sees another’s invitees', async () => {
    const page = (await invitees(stranger)).data
    expect(page.sum).toBe(2)
    expect(page.list.map((i: { emailMasked: string }) => i.emailMasked)).toEqual(['r***@friends.test', 'o***@friends.test'])
  })

  it('bad paging is a malformed request; no session is -2', async () => {
    const bad: Array<Record<string, string>> = [{ pageNo: '0' }, { pageNo: '-1' }, { pageSize: '51' }, { pageNo: '1e3' }, { pageSize: 'ten' }]
    for (const fields of bad) {
      const answer = await server.post(PROFILE_PATHS.invitees, fields, host.headers)
      expect(answer.status).toBe(400)
      expect(answer.json.code).toBe(0)
    }
    expect((await server.post(PROFILE_PATHS.invitees)).json.code).toBe(-2)
  })
})

describe('the collection account', () => {
  let owner: Member
  const VALID = { bankName: 'Bank of China', cardName: 'Lee Min', cardNumber: '6212 2622 0102 3557 228', tradePassword: '123456' }
  beforeAll(async () => {
    owner = await member(server, 'owner@card.test')
  })

  it('needs a fund password first, and answers null while none is set', async () => {
    expect((await server.post(PROFILE_PATHS.bankCard, {}, owner.headers)).json).toEqual({ code: 1, msg: M.ok, data: null })
    expect((await server.post(PROFILE_PATHS.setBankCard, VALID, owner.headers)).json).toEqual({ code: 0, msg: M.fundPasswordNotSet, data: null })
    await setFundPassword(server, owner.token)
  })

  it.each([
    ['no bank name', { bankName: '' }, M.bankNameInvalid],
    ['a one-letter bank name', { bankName: 'B' }, M.bankNameInvalid],
    ['a control character in the bank name', { bankName: 'Bank\u0007of China' }, M.bankNameInvalid],
    ['no holder name', { cardName: '' }, M.cardNameInvalid],
    ['digits as the holder name', { cardName: '12345' }, M.cardNameInvalid],
    ['a card number failing Luhn', { cardNumber: '6212 2622 0102 3557 229' }, M.cardNumberInvalid],
    ['a too short card number', { cardNumber: '4242 4242 42' }, M.cardNumberInvalid],
    ['letters in the card number', { cardNumber: '4111 1111 1111 111x' }, M.cardNumberInvalid],
    ['a wrong fund password', { tradePassword: '654321' }, M.passwordIncorrect],
    ['no fund password', { tradePassword: '' }, M.passwordIncorrect],
  ])('refuses %s, storing nothing', async (_label, change, msg) => {
    const before = await stored()
    expect((await server.post(PROFILE_PATHS.setBankCard, { ...VALID, ...change }, owner.headers)).json).toEqual({ code: 0, msg, data: null })
    expect(await stored()).toEqual(before)
  })

  it('is set with the fund password, stored sealed, and answered masked but the last four', async () => {
    const answer = await server.post(PROFILE_PATHS.setBankCard, VALID, owner.headers)
    expect(answer.json.data).toEqual({ bankName: 'Bank of China', cardName: 'Lee Min', cardNumberMasked: '**** **** **** 7228', updatedAt: server.clock.now })
    expect(answer.text).not.toContain('62122622')
    expect(await stored()).toEqual([
      {
        user_id: owner.userId,
        bank_name: 'Bank of China',
        card_name: 'Lee Min',
        card_number: '',
        card_number_sealed: expect.stringMatching(/^v1:[0-9a-f]{12}:[\w-]+$/),
        card_number_masked: '**** **** **** 7228',
        updated_at: server.clock.now,
      },
    ])
    const read = await server.post(PROFILE_PATHS.bankCard, {}, owner.headers)
    expect(read.json.data.cardNumberMasked).toBe('**** **** **** 7228')
    expect(read.text).not.toContain('6212262201023557228')
  })

  it('is changed the same way, replacing the old one', async () => {
    server.clock.advance(5)
    const answer = await server.post(PROFILE_PATHS.setBankCard, { ...VALID, bankName: '中国工商银行', cardName: '李敏', cardNumber: '4111-1111-1111-1111' }, owner.headers)
    expect(answer.json.data).toMatchObject({ bankName: '中国工商银行', cardName: '李敏', cardNumberMasked: '**** **** **** 1111' })
    expect(await stored()).toHaveLength(1)
  })

  it('is never another user’s to read or change', async () => {
    expect((await server.post(PROFILE_PATHS.bankCard, {}, stranger.headers)).json.data).toBeNull()
    await setFundPassword(server, stranger.token, '222222')
    await server.post(PROFILE_PATHS.setBankCard, { ...VALID, tradePassword: '222222' }, stranger.headers)
    expect((await server.post(PROFILE_PATHS.bankCard, {}, owner.headers)).json.data.cardNumberMasked).toBe('**** **** **** 1111')
    expect((await server.post(PROFILE_PATHS.bankCard)).json.code).toBe(-2)
  })
})
