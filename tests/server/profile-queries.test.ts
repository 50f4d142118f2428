// The profile's reads stay cheap as users, messages and submissions pile up: none of the queries
// behind the inbox, the unread count, invitees, verification state, the gate or the collection
// account reads a whole table (the engine's plan shows an index for each: SQLite's query plan, or
// PostgreSQL's generic plan with sequential scans priced out, as query-plans.ts asks them).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { inboxPage, markRead, openMessage, unreadCount } from '../../server/messages/inbox.ts'
import { isIdentityVerified } from '../../server/kyc/gate.ts'
import { kycInfoOf, latestSubmission } from '../../server/kyc/submissions.ts'
import { collectionAccountOf } from '../../server/profile/collection-account.ts'
import { inviteePage } from '../../server/profile/invitees.ts'
import { openServerDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { verifyIdentity } from './kyc-support.ts'
import { member } from './profile-support.ts'
import { fullScans, notingPrepared } from './query-plans.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

it('reads no whole table', async () => {
  const user = await member(server, 'plans@profile.test')
  const raw = openServerDb(server)
  try {
    await verifyIdentity(raw, user.userId)
    const { db, seen } = notingPrepared(raw)
    const id = Number((await inboxPage(db, user.userId, 1, 10, ['ko'])).list[0]?.id)
    await unreadCount(db, user.userId)
    await openMessage(db, user.userId, id, [], Date.now())
    await markRead(db, user.userId, id, Date.now())
    await markRead(db, user.userId, undefined, Date.now())
    await inviteePage(db, user.userId, 2, 10)
    await kycInfoOf(db, user.userId)
    await latestSubmission(db, user.userId)
    await isIdentityVerified(db, user.userId)
    await collectionAccountOf(db, user.userId)
    expect(seen.size).toBeGreaterThan(10)
    for (const table of ['messages', 'kyc_submissions', 'users', 'collection_accounts', 'announcements']) {
      expect(await fullScans(raw, seen, table), table).toEqual([])
    }
  } finally {
    await raw.close()
  }
})
