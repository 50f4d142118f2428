// The launchpad's pass (run at start and on a timer): allocates every project whose joining has
// ended, then unlocks every allocation whose lock has ended. The database is the truth: a project
// is allocated inside the transaction that moves it from 'open' with `WHERE state = 'open'`, so
// when several processes race, one does it and the others find nothing to do; an unlock is
// conditional on `unlocked = 0` the same way. An end that passed while the server was down is
// found at the next start.
import type { Database } from '../db/database.ts'
import { allocate } from './logic.ts'
import { findProject, type StoredProject } from './projects.ts'
import { allocateOne, refundOne, unlockOne } from './settle.ts'
import { toStoredSubscription } from './subscriptions.ts'

export interface PassResult {
  allocated: number
  unlocked: number
}

const pendingOf = async (db: Database, projectId: number) =>
  (await db.all("SELECT * FROM launch_subscriptions WHERE project_id = ? AND status = 'pending' ORDER BY id", projectId)).map(toStoredSubscription)

/** Allocates one project in one transaction; false when it was not open or not yet ended. */
export async function allocateProject(db: Database, projectId: number, now: number): Promise<boolean> {
  return await db.transaction(async () => {
    const moved = await db.run("UPDATE launch_projects SET state = 'allocated', settled_at = ? WHERE id = ? AND state = 'open' AND join_end <= ?", now, projectId, now)
    if (moved.changes !== 1) return false
    const project = await findProject(db, projectId) as StoredProject
    const pending = await pendingOf(db, projectId)
    // Per user (logic.ts): a user's subscriptions are pooled, their share spread back over them,
    // so each subscription below still gets its own allocation, refund, entry and message.
    const shares = new Map(allocate(pending, project.forSale, project.precision).map((share) => [share.id, share.allocated]))
    for (const subscription of pending) {
      if (!await allocateOne(db, project, subscription, shares.get(subscription.id) ?? '0', now)) throw new Error('launch: a pending subscription moved during the allocation')
    }
    return true
  })
}

/** Cancels an open project and refunds every subscriber, in one transaction; false when it was not open. */
export async function cancelProject(db: Database, projectId: number, now: number): Promise<boolean> {
  return await db.transaction(async () => {
    const moved = await db.run("UPDATE launch_projects SET state = 'cancelled', settled_at = ? WHERE id = ? AND state = 'open'", now, projectId)
    if (moved.changes !== 1) return false
    const project = await findProject(db, projectId) as StoredProject
    for (const subscription of await pendingOf(db, projectId)) {
      if (!await refundOne(db, project, subscription, now)) throw new Error('launch: a pending subscription moved during the cancel')
    }
    return true
  })
}

export async function launchPass(db: Database, now: number): Promise<PassResult> {
  const result: PassResult = { allocated: 0, unlocked: 0 }
  const due = await db.all("SELECT id FROM launch_projects WHERE state = 'open' AND join_end <= ? ORDER BY join_end, id", now)
  for (const row of due) if (await allocateProject(db, Number(row.id), now)) result.allocated++
  // Projects drive the walk (CROSS JOIN fixes SQLite's loop order): a tick reads the few projects
  // and, only for those whose unlock has come, their locked allocations through the partial index,
  // instead of visiting every allocation still locked for weeks on every 250 ms tick.
  const locked = await db.all(`SELECT s.* FROM launch_projects p CROSS JOIN launch_subscriptions s
     WHERE p.unlock_at <= ? AND s.project_id = p.id AND s.status = 'allocated' AND s.unlocked = 0 ORDER BY s.id LIMIT 500`, now)
  for (const row of locked) {
    const subscription = toStoredSubscription(row)
    const unlocked = await db.transaction(async () => {
      const project = await findProject(db, subscription.projectId)
      return project !== undefined && await unlockOne(db, project, subscription, now)
    })
    if (unlocked) result.unlocked++
  }
  return result
}

