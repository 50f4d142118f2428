// The withdrawal allow-list and address confirmation (issue 22): a code mailed for every new or
// changed address (wrong guesses counted, the right one once, a resend a minute), the list turned
// on at once and off only after its delay (on again cancels that), withdrawals with it on only to
// confirmed addresses past their waiting time, the fund password and the second factor where
// money gets a new destination, addresses older than the list untouched, bad input refused.
//
// The second factor, twice: with the real module (two-factor codes turned on through their
// routes), and with a stand-in of server/security/second-factor.ts for the users in `factor.on`
// (each of `factor.confirmations` lets one gated request through), which shows exactly which
// calls ask and when. Every other user goes through the real module.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ASSET_PATHS, type WithdrawAddress } from '../../src/contract/assets.ts'
import { IDEMPOTENCY_HEADER, SECOND_FACTOR_REQUIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ALLOW_LIST_DELAY_PARAM, SECURITY_PATHS } from '../../src/contract/security.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts'
import { num, str } from '../../server/db/rows.ts'
import { totpCode } from '../../server/security/two-factor/totp.ts'
import { type Funded, fundedUser, snapshot, withDb } from './assets-support.ts'
import { LOGIN_PASSWORD, setFundPassword } from './deposit-support.ts'
import { type Answer, startServer, type TestServer } from './harness.ts'
import { freshDatabase, openTestDatabase, TEST_ENGINE } from './test-database.ts'

const factor = vi.hoisted(() => ({ on: new Set<number>(), confirmations: new Map<number, number>(), asked: [] as string[] }))

vi.mock('../../server/security/second-factor.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/security/second-factor.ts')>()
  const { ApiError } = await import('../../server/http/envelope.ts')
  const { SECOND_FACTOR_REQUIRED: code } = await import('../../src/contract/envelopes.ts')
  const { SERVER_MESSAGES: messages } = await import('../../src/contract/messages.ts')
  // Like the real one, a request that asks both gates uses one confirmation.
  const passed = new WeakSet<object>()
  const stand = (which: string, passOn: typeof real.requireSecondFactor): typeof real.requireSecondFactor => async (ctx, session) => {
    if (!factor.on.has(session.userId)) return await passOn(ctx, session)
    factor.asked.push(which)
    if (passed.has(session)) return
    const left = factor.confirmations.get(session.userId) ?? 0
    if (left === 0) throw new ApiError(200, code, messages.secondFactorRequired)
    factor.confirmations.set(session.userId, left - 1)
    passed.add(session)
  }
  // With two-factor codes on, the security proof is the second factor (second-factor.ts).
  return { ...real, requireSecondFactor: stand('secondFactor', real.requireSecondFactor), requireSecurityProof: stand('securityProof', real.requireSecurityProof) }
})

const M = SERVER_MESSAGES
const HOUR = 3600
const EOS_NAMES = ['alicewallet1', 'alicewallet2', 'alicewallet3', 'alicewallet4', 'alicewallet5']

let server: TestServer
const statuses: number[] = []
beforeAll(async () => {
  server = await startServer({}, { captureLogs: true })
})
afterAll(async () => {
  // Every call of this file, refused or not, was answered without a server error.
  expect(statuses.filter((status) => status >= 500)).toEqual([])
  await server.close()
})

const post = async (path: string, fields: Record<string, string>, who?: Funded, headers: Record<string, string> = {}): Promise<Answer> => {
  const answer = await server.post(path, fields, { ...who?.headers, ...headers })
  statuses.push(answer.status)
  return answer
}

let users = 0
/** A fresh verified user with EOS and USDT to send and a fund password (123456). */
async function trader(): Promise<Funded & { email: string }> {
  const email = `trader${++users}@allow-list.test`
  const user = await fundedUser(server, email, [{ currency: 'EOS', amount: '1000' }, { currency: 'USDT', amount: '1000' }])
  await setFundPassword(server, user.headers['access-token'] ?? '')
  return { ...user, email }
}

const add = (who: Funded, address: string, extra: Record<string, string> = {}) => post(ASSET_PATHS.addAddress, { currency: 'EOS', chain: 'EOS', address, ...extra }, who)
const addOk = async (who: Funded, address: string, extra: Record<string, string> = {}): Promise<WithdrawAddress> => {
  const answer = await add(who, address, extra)
  expect(answer.json, answer.text).toMatchObject({ code: 1 })
  return answer.json.data as WithdrawAddress
}
const book = async (who: Funded): Promise<WithdrawAddress[]> => (await post(ASSET_PATHS.addressList, {}, who)).json.data as WithdrawAddress[]
const confirm = (who: Funded, id: string, code: string, headers: Record<string, string> = {}) => post(SECURITY_PATHS.confirmAddress, { id, code }, who, headers)
const resend = (who: Funded, id: string) => post(SECURITY_PATHS.resendAddressCode, { id }, who)
/** The login password given just now (the security proof without two-factor codes), then the list. */
const setList = async (who: Funded, on: boolean): Promise<Answer> => {
  expect((await post(USER_PATHS.confirmPassword, { password: LOGIN_PASSWORD }, who)).json.code).toBe(1)
  return await post(SECURITY_PATHS.setAllowList, { on: on ? '1' : '0' }, who)
}
const withdraw = (who: Funded, address: string, headers: Record<string, string> = {}) =>
  post(ASSET_PATHS.withdraw, { currency: 'EOS', chain: 'EOS', address, amount: '10', tradePassword: '123456' }, who, headers)
const codeOf = (who: { email: string }) => server.readCode(who.email)
const securityEvents = (event: string) => server.logs().filter((line) => line.security === event)
/** The account's failed guesses in its window (auth/login-limit.ts), 0 without a row. */
const accountFailures = (who: { email: string }) =>
  withDb(server, async (db) => {
    const row = await db.get('SELECT failures FROM login_failures WHERE key = ?', `acct ${who.email}`)
    return row ? num(row, 'failures') : 0
  })
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('confirming an address', () => {
  it('mails a code on adding; a wrong code is counted, a slip is not, the right one confirms once', async () => {
    const alice = await trader()
    const entry = await addOk(alice, EOS_NAMES[0]!)
    expect(entry).toMatchObject({ address: EOS_NAMES[0], confirmed: false, usableAt: server.clock.now + 24 * HOUR * 1000 })
    const mail = (await server.mailsTo(alice.email)).find((text) => text.includes('Confirm your new withdrawal address'))
    expect(mail).toContain(`EOS EOS ${EOS_NAMES[0]}`)
    const code = await codeOf(alice)
    // Only its hash is kept.
    const stored = await withDb(server, async (db) => str((await db.get('SELECT code_hash FROM withdraw_addresses WHERE id = ?', Number(entry.id)))!, 'code_hash'))
    expect(stored).toMatch(/^[0-9a-f]{64}$/)
    expect(stored).not.toContain(code)

    expect((await confirm(alice, entry.id, wrongCode(code))).json).toEqual({ code: 0, msg: M.codeError, data: null })
    expect(await accountFailures(alice)).toBe(1)
    for (const slip of ['12345', '1234567', 'abcdef', '12 456']) {
      expect((await confirm(alice, entry.id, slip)).json).toEqual({ code: 0, msg: M.codeError, data: null })
    }
    expect(await accountFailures(alice)).toBe(1)
    expect((await book(alice))[0]?.confirmed).toBe(false)

    const confirmed = await confirm(alice, entry.id, code)
    expect(confirmed.json).toEqual({ code: 1, msg: M.ok, data: { ...entry, confirmed: true } })
    expect(securityEvents('address.confirmed').filter((line) => line.userId === alice.userId)).toHaveLength(1)
    // A retry is answered as done and records nothing again; the code itself is used up.
    expect((await confirm(alice, entry.id, code)).json.data).toEqual({ ...entry, confirmed: true })
    expect(securityEvents('address.confirmed').filter((line) => line.userId === alice.userId)).toHaveLength(1)
    expect(await withDb(server, async (db) => (await db.get('SELECT code_hash FROM withdraw_addresses WHERE id = ?', Number(entry.id)))?.code_hash)).toBe('')
  })

  it('mails a new code at most once a minute, and the new one replaces the old', async () => {
    const bob = await trader()
    const entry = await addOk(bob, EOS_NAMES[1]!)
    const first = await codeOf(bob)
    expect((await resend(bob, entry.id)).json).toEqual({ code: 0, msg: M.codeTooSoon, data: null })
    server.clock.advance(61)
    expect((await resend(bob, entry.id)).json).toEqual({ code: 1, msg: M.ok, data: null })
    const second = await codeOf(bob)
    if (second !== first) expect((await confirm(bob, entry.id, first)).json.msg).toBe(M.codeError)
    expect((await confirm(bob, entry.id, second)).json.data.confirmed).toBe(true)
    // Confirmed: nothing to send.
    server.clock.advance(61)
    const mails = (await server.mailsTo(bob.email)).length
    expect((await resend(bob, entry.id)).json.code).toBe(1)
    expect((await server.mailsTo(bob.email)).length).toBe(mails)
  })

  it('burns a code after five wrong guesses and lets a code expire after a day', async () => {
    const carol = await trader()
    const entry = await addOk(carol, EOS_NAMES[2]!)
    const code = await codeOf(carol)
    for (let i = 0; i < 5; i++) expect((await confirm(carol, entry.id, wrongCode(code), { 'x-test-client-address': `198.51.100.${i}` })).json.msg).toBe(M.codeError)
    expect((await confirm(carol, entry.id, code, { 'x-test-client-address': '198.51.100.99' })).json.msg).toBe(M.codeError)
    server.clock.advance(61)
    expect((await resend(carol, entry.id)).json.code).toBe(1)
    const fresh = await codeOf(carol)
    server.clock.advance(24 * HOUR + 1)
    expect((await confirm(carol, entry.id, fresh, { 'x-test-client-address': '198.51.100.100' })).json.msg).toBe(M.codeError)
    expect((await book(carol))[0]?.confirmed).toBe(false)
  })

  it('counts guesses on the guessing limits: five from one address, then refused even with the right code', async () => {
    const dave = await trader()
    const entry = await addOk(dave, EOS_NAMES[3]!)
    const code = await codeOf(dave)
    for (let i = 0; i < 4; i++) expect((await confirm(dave, entry.id, wrongCode(code))).json.msg).toBe(M.codeError)
    server.clock.advance(61)
    await resend(dave, entry.id)
    const fresh = await codeOf(dave)
    expect((await confirm(dave, entry.id, wrongCode(fresh))).json.msg).toBe(M.codeError)
    expect((await confirm(dave, entry.id, fresh)).json.msg).toBe(M.tooManyAttempts)
    expect((await confirm(dave, entry.id, fresh, { 'x-test-client-address': '203.0.113.7' })).json.data.confirmed).toBe(true)
  })

  it('makes a changed address a new one: unconfirmed, waiting, a new code; a remark changes nothing', async () => {
    const erin = await trader()
    const entry = await addOk(erin, EOS_NAMES[4]!)
    await confirm(erin, entry.id, await codeOf(erin))
    server.clock.advance(25 * HOUR)
    const renamed = await post(ASSET_PATHS.updateAddress, { id: entry.id, remark: 'cold' }, erin)
    expect(renamed.json.data).toEqual({ ...entry, confirmed: true, remark: 'cold' })
    const moved = await post(ASSET_PATHS.updateAddress, { id: entry.id, address: 'erinwallet11' }, erin)
    expect(moved.json.data).toEqual({ ...entry, address: 'erinwallet11', confirmed: false, usableAt: server.clock.now + 24 * HOUR * 1000 })
    const code = await codeOf(erin)
    expect((await server.mailsTo(erin.email)).at(-2)).toContain('EOS EOS erinwallet11')
    expect((await confirm(erin, entry.id, code)).json.data).toMatchObject({ address: 'erinwallet11', confirmed: true })
  })
})

describe('the allow-list', () => {
  it('turns on at once; with it on, a minutes-old or unconfirmed address is refused, a confirmed aged one is not', async () => {
    const frank = await trader()
    const aged = await addOk(frank, 'frankwallet1')
    await confirm(frank, aged.id, await codeOf(frank))
    await addOk(frank, 'frankwallet2')
    server.clock.advance(25 * HOUR)
    expect((await setList(frank, true)).json).toEqual({ code: 1, msg: M.ok, data: { on: true, offAt: null, delayHours: 24 } })
    expect(securityEvents('allowList.on').filter((line) => line.userId === frank.userId)).toHaveLength(1)
    expect((await setList(frank, true)).json).toEqual({ code: 0, msg: M.allowListAlreadyOn, data: null })

    const fresh = await addOk(frank, 'frankwallet3', { tradePassword: '123456' })
    server.clock.advance(10 * 60)
    await confirm(frank, fresh.id, await codeOf(frank))
    const before = await snapshot(server)
    expect((await withdraw(frank, 'frankwallet3')).json).toEqual({ code: 0, msg: M.addressWaiting, data: null })
    expect((await withdraw(frank, 'frankwallet2')).json).toEqual({ code: 0, msg: M.addressNotConfirmed, data: null })
    expect(await snapshot(server)).toEqual(before)
    expect((await withdraw(frank, 'frankwallet1')).json).toMatchObject({ code: 1 })

    // After its waiting time the new one goes too (usableAt says when).
    server.clock.advance(24 * HOUR)
    expect((await book(frank)).find((entry) => entry.id === fresh.id)?.usableAt).toBeLessThanOrEqual(server.clock.now)
    expect((await withdraw(frank, 'frankwallet3')).json).toMatchObject({ code: 1 })
  })

  it('turns off only after the delay; asking again meanwhile is refused; then anything in the book goes', async () => {
    const grace = await trader()
    expect((await setList(grace, false)).json).toEqual({ code: 0, msg: M.allowListAlreadyOff, data: null })
    await setList(grace, true)
    await addOk(grace, 'gracewallet1', { tradePassword: '123456' })
    const asked = await setList(grace, false)
    expect(asked.json).toEqual({ code: 1, msg: M.ok, data: { on: true, offAt: server.clock.now + 24 * HOUR * 1000, delayHours: 24 } })
    expect(securityEvents('allowList.offRequested').filter((line) => line.userId === grace.userId)).toHaveLength(1)
    expect((await setList(grace, false)).json).toEqual({ code: 0, msg: M.allowListAlreadyOff, data: null })
    server.clock.advance(24 * HOUR - 60)
    expect((await withdraw(grace, 'gracewallet1')).json.msg).toBe(M.addressNotConfirmed)
    server.clock.advance(60)
    // Off now: an unconfirmed address goes, and the fund password is no longer asked to add one.
    expect((await withdraw(grace, 'gracewallet1')).json).toMatchObject({ code: 1 })
    await addOk(grace, 'gracewallet2')
    expect((await setList(grace, false)).json.msg).toBe(M.allowListAlreadyOff)
    expect((await setList(grace, true)).json.data).toEqual({ on: true, offAt: null, delayHours: 24 })
  })

  it('turned on while an "off" is pending cancels it', async () => {
    const heidi = await trader()
    await setList(heidi, true)
    await setList(heidi, false)
    expect((await setList(heidi, true)).json).toEqual({ code: 1, msg: M.ok, data: { on: true, offAt: null, delayHours: 24 } })
    await addOk(heidi, 'heidiwallet1', { tradePassword: '123456' })
    server.clock.advance(25 * HOUR)
    expect((await withdraw(heidi, 'heidiwallet1')).json.msg).toBe(M.addressNotConfirmed)
  })

  it('waits the hours of its param', async () => {
    const ivan = await trader()
    await withDb(server, (db) => db.run('UPDATE params SET value = ? WHERE name = ?', '2', ALLOW_LIST_DELAY_PARAM))
    try {
      expect((await setList(ivan, true)).json.data.delayHours).toBe(2)
      const entry = await addOk(ivan, 'ivanwallet11', { tradePassword: '123456' })
      expect(entry.usableAt).toBe(server.clock.now + 2 * HOUR * 1000)
      await confirm(ivan, entry.id, await codeOf(ivan))
      server.clock.advance(2 * HOUR)
      expect((await withdraw(ivan, 'ivanwallet11')).json).toMatchObject({ code: 1 })
    } finally {
      await withDb(server, (db) => db.run('UPDATE params SET value = ? WHERE name = ?', '24', ALLOW_LIST_DELAY_PARAM))
    }
  })

  it('needs the fund password to add or re-point an address while on, checked like a withdrawal’s', async () => {
    const judy = await trader()
    await addOk(judy, 'judywallet11')
    await setList(judy, true)
    const before = await book(judy)
    expect((await add(judy, 'judywallet12')).json).toEqual({ code: 0, msg: M.tradePasswordRule, data: null })
    expect((await add(judy, 'judywallet12', { tradePassword: '12345' })).json.msg).toBe(M.tradePasswordRule)
    expect(await accountFailures(judy)).toBe(0)
    expect((await add(judy, 'judywallet12', { tradePassword: '654321' })).json).toEqual({ code: 0, msg: M.passwordIncorrect, data: null })
    expect(await accountFailures(judy)).toBe(1)
    const [entry] = before
    expect((await post(ASSET_PATHS.updateAddress, { id: entry!.id, address: 'judywallet13' }, judy)).json.msg).toBe(M.tradePasswordRule)
    expect(await book(judy)).toEqual(before)
    expect((await post(ASSET_PATHS.updateAddress, { id: entry!.id, remark: 'only a remark' }, judy)).json.code).toBe(1)
    expect((await post(ASSET_PATHS.updateAddress, { id: entry!.id, address: 'judywallet13', tradePassword: '123456' }, judy)).json.data).toMatchObject({ confirmed: false })
    await addOk(judy, 'judywallet12', { tradePassword: '123456' })

    // Without a fund password there is none to give.
    const nopass = await fundedUser(server, 'nopass@allow-list.test')
    await setList({ ...nopass }, true)
    expect((await add(nopass, 'nopasswallet', { tradePassword: '123456' })).json.msg).toBe(M.fundPasswordNotSet)
  })
})

describe('the second factor', () => {
  it('is asked for a withdrawal inside its key: a replay of an answered key needs none', async () => {
    const kim = await trader()
    await addOk(kim, 'kimwallet111')
    factor.on.add(kim.userId)
    factor.asked.length = 0
    // What the user can fix without a code is refused first, and uses no code.
    const wrongPassword = await post(ASSET_PATHS.withdraw, { currency: 'EOS', chain: 'EOS', address: 'kimwallet111', amount: '10', tradePassword: '654321' }, kim)
    expect(wrongPassword.json.msg).toBe(M.passwordIncorrect)
    expect((await withdraw(kim, 'kimwallet999')).json.msg).toBe(M.addressNotInBook)
    expect(factor.asked).toEqual([])
    const key = { [IDEMPOTENCY_HEADER]: 'allow-list-key-1' }
    const before = await snapshot(server)
    expect((await withdraw(kim, 'kimwallet111', key)).json).toEqual({ code: SECOND_FACTOR_REQUIRED, msg: M.secondFactorRequired, data: null })
    expect(await snapshot(server)).toEqual(before)
    factor.confirmations.set(kim.userId, 1)
    const first = await withdraw(kim, 'kimwallet111', key)
    expect(first.json).toMatchObject({ code: 1 })
    expect((await withdraw(kim, 'kimwallet111', key)).json).toEqual(first.json)
    expect((await withdraw(kim, 'kimwallet111', { [IDEMPOTENCY_HEADER]: 'allow-list-key-2' })).json.code).toBe(SECOND_FACTOR_REQUIRED)
  })

  it('is asked for adding an address and changing its address string, after the input is found good', async () => {
    const liz = await trader()
    factor.on.add(liz.userId)
    factor.asked.length = 0
    expect((await add(liz, 'NOT AN EOS NAME')).json.msg).toBe(M.invalidAddress)
    expect(factor.asked).toEqual([])
    expect((await add(liz, 'lizwallet111')).json).toEqual({ code: SECOND_FACTOR_REQUIRED, msg: M.secondFactorRequired, data: null })
    expect(await book(liz)).toEqual([])
    factor.confirmations.set(liz.userId, 1)
    const entry = await addOk(liz, 'lizwallet111')
    expect((await post(ASSET_PATHS.updateAddress, { id: entry.id, remark: 'fine' }, liz)).json.code).toBe(1)
    expect((await post(ASSET_PATHS.updateAddress, { id: entry.id, address: 'lizwallet112' }, liz)).json.code).toBe(SECOND_FACTOR_REQUIRED)
    expect((await book(liz))[0]?.address).toBe('lizwallet111')
  })

  it('is asked for turning the list on or off, and a refusal of what already is asks for nothing', async () => {
    const mia = await trader()
    factor.on.add(mia.userId)
    factor.asked.length = 0
    expect((await post(SECURITY_PATHS.setAllowList, { on: '0' }, mia)).json.msg).toBe(M.allowListAlreadyOff)
    expect(factor.asked).toEqual([])
    expect((await post(SECURITY_PATHS.setAllowList, { on: '1' }, mia)).json.code).toBe(SECOND_FACTOR_REQUIRED)
    factor.confirmations.set(mia.userId, 1)
    expect((await post(SECURITY_PATHS.setAllowList, { on: '1' }, mia)).json.data.on).toBe(true)
    expect((await post(SECURITY_PATHS.setAllowList, { on: '0' }, mia)).json.code).toBe(SECOND_FACTOR_REQUIRED)
    factor.confirmations.set(mia.userId, 1)
    expect((await post(SECURITY_PATHS.setAllowList, { on: '0' }, mia)).json.data.offAt).toBe(server.clock.now + 24 * HOUR * 1000)
    // One code let one call through each time.
    expect(factor.confirmations.get(mia.userId)).toBe(0)
  })
})

describe('the second factor, with two-factor codes turned on through their routes', () => {
  it('gates the withdrawal, adding an address and the list; one code per request', async () => {
    const pat = await trader()
    await addOk(pat, 'patwallet111')
    await post(USER_PATHS.confirmPassword, { password: LOGIN_PASSWORD }, pat)
    const { secret } = (await post(SECURITY_PATHS.totpStart, {}, pat)).json.data as { secret: string }
    expect((await post(SECURITY_PATHS.totpEnable, { code: totpCode(secret, server.clock.now) }, pat)).json.code).toBe(1)
    /** A code of the next step (each step's code is accepted once), given to confirmFactor. */
    const giveCode = async () => {
      server.clock.advance(30)
      const given = await post(SECURITY_PATHS.confirmFactor, { code: totpCode(secret, server.clock.now) }, pat)
      expect(given.json, given.text).toMatchObject({ code: 1 })
    }
    const required = { code: SECOND_FACTOR_REQUIRED, msg: M.secondFactorRequired, data: null }

    const key = { [IDEMPOTENCY_HEADER]: 'allow-list-real-1' }
    expect((await withdraw(pat, 'patwallet111', key)).json).toEqual(required)
    await giveCode()
    const first = await withdraw(pat, 'patwallet111', key)
    expect(first.json).toMatchObject({ code: 1 })
    expect((await withdraw(pat, 'patwallet111', key)).json).toEqual(first.json)

    expect((await add(pat, 'patwallet112')).json).toEqual(required)
    await giveCode()
    const second = await addOk(pat, 'patwallet112')
    expect((await confirm(pat, second.id, await codeOf(pat))).json.data.confirmed).toBe(true)

    expect((await post(SECURITY_PATHS.setAllowList, { on: '1' }, pat)).json).toEqual(required)
    await giveCode()
    expect((await post(SECURITY_PATHS.setAllowList, { on: '1' }, pat)).json.data.on).toBe(true)
    // With the list on: the fund password first (no code used on a refusal), then the code.
    expect((await add(pat, 'patwallet113')).json.msg).toBe(M.tradePasswordRule)
    // A withdrawal to an address added minutes ago is refused for that, without asking a code.
    expect((await withdraw(pat, 'patwallet112')).json).toEqual({ code: 0, msg: M.addressWaiting, data: null })
    expect((await add(pat, 'patwallet113', { tradePassword: '123456' })).json).toEqual(required)
    await giveCode()
    await addOk(pat, 'patwallet113', { tradePassword: '123456' })
    // "Off" asks both gates; one code passes them.
    expect((await post(SECURITY_PATHS.setAllowList, { on: '0' }, pat)).json).toEqual(required)
    await giveCode()
    expect((await post(SECURITY_PATHS.setAllowList, { on: '0' }, pat)).json.data.offAt).toBe(server.clock.now + 24 * HOUR * 1000)
  })
})

describe('races', () => {
  it('two confirmations with the right code at once: both answered confirmed, recorded once', async () => {
    const quinn = await trader()
    const entry = await addOk(quinn, 'quinnwallet1')
    const code = await codeOf(quinn)
    const answers = await Promise.all([confirm(quinn, entry.id, code), confirm(quinn, entry.id, code)])
    expect(answers.map((answer) => answer.json.data?.confirmed)).toEqual([true, true])
    expect(securityEvents('address.confirmed').filter((line) => line.userId === quinn.userId)).toHaveLength(1)
    expect(await accountFailures(quinn)).toBe(0)
  })

  it('two requests to turn the list off at once: one is taken, the other refused', async () => {
    const rita = await trader()
    await setList(rita, true)
    const answers = await Promise.all([post(SECURITY_PATHS.setAllowList, { on: '0' }, rita), post(SECURITY_PATHS.setAllowList, { on: '0' }, rita)])
    expect(answers.map((answer) => answer.json.msg).toSorted()).toEqual([M.allowListAlreadyOff, M.ok].toSorted())
    expect(securityEvents('allowList.offRequested').filter((line) => line.userId === rita.userId)).toHaveLength(1)
  })
})

describe('bad input', () => {
  it('is refused with a clear message and changes nothing', async () => {
    const nina = await trader()
    const other = await trader()
    const entry = await addOk(nina, 'ninawallet11')
    const theirs = await addOk(other, 'otherwallet1')
    const before = await book(nina)
    for (const on of ['2', 'true', 'on', '-1']) expect((await post(SECURITY_PATHS.setAllowList, { on }, nina)).json).toEqual({ code: 0, msg: M.invalidRequest, data: null })
    expect((await post(SECURITY_PATHS.setAllowList, {}, nina)).status).toBe(400)
    for (const id of ['0', '-1', 'abc', '1e3', '99999999999999999999', theirs.id]) {
      expect((await confirm(nina, id, '123456')).json).toEqual({ code: 0, msg: M.addressNotFound, data: null })
      expect((await resend(nina, id)).json).toEqual({ code: 0, msg: M.addressNotFound, data: null })
    }
    expect((await post(SECURITY_PATHS.confirmAddress, { id: entry.id }, nina)).status).toBe(400)
    const twice = await server.postRaw(SECURITY_PATHS.confirmAddress, `id=${entry.id}&code=123456&code=654321`, { ...nina.headers, 'content-type': 'application/x-www-form-urlencoded' })
    statuses.push(twice.status)
    expect(twice.status).toBe(400)
    expect((await post(SECURITY_PATHS.resendAddressCode, {}, nina)).status).toBe(400)
    // Without a session: the usual -2.
    for (const path of [SECURITY_PATHS.setAllowList, SECURITY_PATHS.confirmAddress, SECURITY_PATHS.resendAddressCode]) {
      expect((await post(path, { on: '1', id: entry.id, code: '123456' })).json.code).toBe(-2)
    }
    expect(await book(nina)).toEqual(before)
    expect((await book(other))[0]?.confirmed).toBe(false)
    expect((await post(SECURITY_PATHS.setAllowList, { on: '0' }, nina)).json.msg).toBe(M.allowListAlreadyOff)
  })
})

describe(`addresses saved before the allow-list (${TEST_ENGINE})`, () => {
  it('count as confirmed and aged after migration 021', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'allow-list-021-'))
    const location = await freshDatabase(dir)
    const db = openTestDatabase(location)
    try {
      const before = join(dir, 'migrations-020')
      cpSync(join(MIGRATIONS_DIR, db.engine), before, { recursive: true })
      for (const name of readdirSync(before)) if (Number(name.slice(0, 3)) > 20) rmSync(join(before, name))
      await migrate(db, before)
      const userId = await db.insert(`INSERT INTO users (uid, email, password_hash, invitation_code, created_at) VALUES ('30000021', 'old@book.test', 'h', 'T30000021', 0)`)
      const now = Date.now()
      await db.run("INSERT INTO withdraw_addresses (user_id, currency, chain, address, remark, created_at) VALUES (?, 'EOS', 'EOS', 'oldwallet111', '', ?)", userId, now)
      expect(await migrate(db)).toContain('021_withdrawal_allow_list.sql')
      const row = await db.get('SELECT confirmed, address_set_at, code_hash FROM withdraw_addresses WHERE user_id = ?', userId)
      expect(row && { confirmed: num(row, 'confirmed'), setAt: num(row, 'address_set_at'), code: str(row, 'code_hash') }).toEqual({ confirmed: 1, setAt: 0, code: '' })
      const user = await db.get('SELECT allow_list_on, allow_list_off_at FROM users WHERE id = ?', userId)
      expect(user && [num(user, 'allow_list_on'), user.allow_list_off_at]).toEqual([0, null])
      expect((await db.get('SELECT value FROM params WHERE name = ?', ALLOW_LIST_DELAY_PARAM))?.value).toBe('24')
    } finally {
      await db.close()
      await location.drop()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('with the list off, an unconfirmed new address takes withdrawals as before', async () => {
    const olga = await trader()
    await addOk(olga, 'olgawallet11')
    expect((await withdraw(olga, 'olgawallet11')).json).toMatchObject({ code: 1 })
  })
})
