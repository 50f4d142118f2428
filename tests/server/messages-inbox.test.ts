// Reading the inbox: operator announcements (`admin notice`, per language, picked by
// accept-language), pages newest first with the count, the unread count, opening a message marks
// it read, marking all read; and one user never reads or marks another's messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES as M } from '../../src/contract/messages.ts'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { admin } from './admin-cli.ts'
import { type Member, member } from './profile-support.ts'

let server: TestServer
let ann: Member
let ben: Member
beforeAll(async () => {
  server = await startServer()
  ann = await member(server, 'ann@inbox.test')
  ben = await member(server, 'ben@inbox.test')
})
afterAll(() => server.close())

const page = async (who: Member, fields: Record<string, string> = {}, language?: string) =>
  (await server.post(PROFILE_PATHS.messages, fields, { ...who.headers, ...(language ? { 'accept-language': language } : {}) })).json
const unread = async (who: Member) => (await server.post(PROFILE_PATHS.unread, {}, who.headers)).json.data.unread

describe('announcements', () => {
  it('reach every user, in the language each reader asks for, with the default for the rest', async () => {
    const sent = await admin(server, 'notice', 'Maintenance', 'Trading pauses at 02:00 UTC.', '--lang', 'ko', '점검 안내', '02:00 UTC에 거래가 중단됩니다.', '--lang', 'zh', '维护通知', '交易将于 UTC 02:00 暂停。')
    expect(sent.code, sent.stderr).toBe(0)
    // The demo account and the two users.
    expect(sent.stdout).toMatch(/sent to 3 users \(en-US, ko, zh-CN\)/)
    expect((await page(ann, {}, 'ko-KR,ko;q=0.9,en;q=0.5')).data.list[0]).toMatchObject({ kind: 'announcement', title: '점검 안내', body: '02:00 UTC에 거래가 중단됩니다.', read: 0 })
    expect((await page(ann, {}, 'zh-CN')).data.list[0]).toMatchObject({ title: '维护通知' })
    expect((await page(ann, {}, 'ja,fr;q=0.8')).data.list[0]).toMatchObject({ title: 'Maintenance', body: 'Trading pauses at 02:00 UTC.' })
    expect((await page(ben, {}, 'en-GB;q=0.1, ko;q=0.9')).data.list[0]).toMatchObject({ title: '점검 안내' })
    expect((await page(ben)).data.list[0]).toMatchObject({ title: 'Maintenance', params: {} })
  })

  it('refuses unknown languages, missing texts and stray arguments, sending nothing', async () => {
    const count = () => withDb(server, async (db) => Number((await db.get('SELECT count(*) AS n FROM messages'))?.n))
    const before = await count()
    expect((await admin(server, 'notice')).code).toBe(2)
    expect((await admin(server, 'notice', 'Title only')).code).toBe(2)
    expect((await admin(server, 'notice', 'T', 'B', '--lang', 'fr', 'T', 'B')).code).toBe(1)
    expect((await admin(server, 'notice', 'T', 'B', '--lang', 'ko', 'T')).code).toBe(2)
    expect((await admin(server, 'notice', ' ', 'B')).code).toBe(1)
    expect(await count()).toBe(before)
  })
})

describe('reading one’s own inbox', () => {
  it('pages newest first with the count; opening one marks it read; read marks lower the unread count', async () => {
    for (let i = 1; i <= 12; i++) {
      const sent = await admin(server, 'notice', `Notice ${i}`, `Body ${i}`)
      expect(sent.code, sent.stderr).toBe(0)
    }
    expect(await unread(ann)).toBe(13)
    const first = await page(ann, { pageNo: '1', pageSize: '10' })
    expect(first.data.sum).toBe(13)
    expect(first.data.list.map((m: { title: string }) => m.title)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `Notice ${i}`))
    const second = await page(ann, { pageNo: '2', pageSize: '10' })
    expect(second.data.list.map((m: { title: string }) => m.title)).toEqual(['Notice 2', 'Notice 1', 'Maintenance'])
    expect((await page(ann, { pageNo: '3' })).data).toEqual({ list: [], sum: 13 })

    const id = first.data.list[0].id
    const opened = await server.post(PROFILE_PATHS.messageDetail, { id }, ann.headers)
    expect(opened.json.data).toMatchObject({ id, title: 'Notice 12', read: 1 })
    expect(await unread(ann)).toBe(12)
    // Opening it again changes nothing.
    await server.post(PROFILE_PATHS.messageDetail, { id }, ann.headers)
    expect(await unread(ann)).toBe(12)
    expect((await server.post(PROFILE_PATHS.markRead, { id: first.data.list[1].id }, ann.headers)).json.data).toEqual({ unread: 11 })
    expect((await server.post(PROFILE_PATHS.markRead, {}, ann.headers)).json.data).toEqual({ unread: 0 })
    expect(await unread(ben)).toBe(13)
  })

  it('one user never opens, marks or counts another’s messages', async () => {
    const annsId = (await page(ann)).data.list[0].id
    const bensBefore = await unread(ben)
    const bensId = (await page(ben)).data.list[0].id
    for (const path of [PROFILE_PATHS.messageDetail, PROFILE_PATHS.markRead]) {
      expect((await server.post(path, { id: bensId }, ann.headers)).json).toEqual({ code: 0, msg: M.messageNotFound, data: null })
    }
    expect(await unread(ben)).toBe(bensBefore)
    expect((await server.post(PROFILE_PATHS.messageDetail, { id: annsId }, ben.headers)).json.msg).toBe(M.messageNotFound)
    expect((await server.post(PROFILE_PATHS.messageDetail, { id: '99999999' }, ann.headers)).json.msg).toBe(M.messageNotFound)
  })

  it('every inbox call needs a session', async () => {
    for (const path of [PROFILE_PATHS.messages, PROFILE_PATHS.unread, PROFILE_PATHS.messageDetail, PROFILE_PATHS.markRead]) {
      expect((await server.post(path, { id: '1' })).json.code).toBe(-2)
    }
  })
})
