// Each verification is decided exactly once, even when operators race: several real admin
// processes (each its own database connection) approve and reject the same submissions at the same
// time; exactly one decision per submission wins, the others are refused and change nothing, and
// exactly one message reaches the user. Two simultaneous submissions by one user store one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES as M } from '../../src/contract/messages.ts'
import { KYC_STATE, PROFILE_PATHS } from '../../src/contract/profile.ts'
import { KYC_STATUS } from '../../src/contract/user.ts'
import { withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { fileSubmission } from './kyc-support.ts'
import { admin } from './admin-cli.ts'
import { kycPhotos, member, postFiles, storedImages, VALID_KYC } from './profile-support.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('racing operators', () => {
  it('three submissions, each raced by two approvals and two rejections: one decision each, one message each', async () => {
    const users = await Promise.all([1, 2, 3].map((i) => member(server, `racer${i}@kyc.test`)))
    const ids = await withDb(server, async (db) => {
      const filed: string[] = []
      for (const user of users) filed.push(String(await fileSubmission(db, user.userId)))
      return filed
    })
    const commands = ids.flatMap((id) => [
      ['kyc', 'approve', id],
      ['kyc', 'reject', id, 'blurred'],
      ['kyc', 'approve', id],
      ['kyc', 'reject', id, 'expired'],
    ])
    const outcomes = await Promise.all(commands.map((args) => admin(server, ...args)))
    for (const [i, id] of ids.entries()) {
      const mine = outcomes.slice(i * 4, i * 4 + 4)
      expect(mine.filter((o) => o.code === 0), JSON.stringify(mine)).toHaveLength(1)
      expect(mine.filter((o) => o.code === 1 && /already (approved|rejected)/.test(o.stderr))).toHaveLength(3)
      const winner = mine.findIndex((o) => o.code === 0)
      const approved = winner % 2 === 0
      const row = await withDb(server, (db) => db.get('SELECT state, reason, user_id FROM kyc_submissions WHERE id = ?', Number(id)))
      expect(row?.state).toBe(approved ? KYC_STATE.verified : KYC_STATE.rejected)
      const user = users[i]
      if (!user) throw new Error('no user')
      const facts = await withDb(server, async (db) => ({
        status: (await db.get('SELECT kyc_status FROM users WHERE id = ?', user.userId))?.kyc_status,
        messages: (await db.all('SELECT kind, params FROM messages WHERE user_id = ?', user.userId)).map((m) => ({ ...m })),
      }))
      expect(facts.status).toBe(approved ? KYC_STATUS.verified : KYC_STATUS.none)
      expect(facts.messages).toEqual([
        approved ? { kind: 'kycApproved', params: '{}' } : { kind: 'kycRejected', params: JSON.stringify({ reason: row?.reason }) },
      ])
    }
  })
})

describe('racing submissions', () => {
  it('one user sending the form four times at once gets one submission under review; the rest are refused and leave no file', async () => {
    const user = await member(server, 'eager@kyc.test')
    const answers = await Promise.all([1, 2, 3, 4].map(() => postFiles(server, PROFILE_PATHS.kycSubmit, VALID_KYC, kycPhotos(), user.headers)))
    expect(answers.filter((a) => a.json.code === 1)).toHaveLength(1)
    // A user's uploads beyond two at once are refused before they are read (server/uploads/in-flight.ts);
    // the ones let through race to the database, and all but one lose.
    const refused = answers.filter((a) => a.json.code === 0).map((a) => a.json.msg)
    expect(refused).toHaveLength(3)
    expect(refused).toContain(M.kycLocked)
    for (const msg of refused) expect([M.kycLocked, M.uploadsInFlight]).toContain(msg)
    const rows = await withDb(server, (db) => db.all('SELECT front_photo, back_photo FROM kyc_submissions WHERE user_id = ?', user.userId))
    expect(rows).toHaveLength(1)
    const files = await storedImages(server, 'uploads')
    const kept = await withDb(server, async (db) => (await db.all('SELECT front_photo, back_photo FROM kyc_submissions')).flatMap((r) => [r.front_photo, r.back_photo]))
    // The racers' photos were removed; only stored submissions' files remain (the raced ones above have none on disk).
    expect(files.toSorted()).toEqual(kept.filter((name) => files.includes(String(name))).map(String).toSorted())
    expect(files).toHaveLength(2)
  })
})
