// The launchpad's pass (run at start and on a timer): allocates every project whose joining has
// ended, then unlocks every allocation whose lock has ended. The database is the truth: a project
// is allocated inside the transaction that moves it from 'open' with `WHERE state = 'open'`, so
// when several processes race, one does it and the others find nothing to do; an unlock is
// conditional on `unlocked = 0` the same way. An end that passed while the server was down is
// found at the next start.
import type { DatabaseSync } from 'node:sqlite'
import { statement } from '../db/statements.ts'
import { immediate } from '../db/transaction.ts'
import { allocate } from './logic.ts'
import { findProject, type StoredProject } from './projects.ts'
import { allocateOne, refundOne, unlockOne } from './settle.ts'
import { toStoredSubscription } from './subscriptions.ts'

export interface PassResult {
  allocated: number
  unlocked: number
}

const pendingOf = (db: DatabaseSync, projectId: number) =>
  statement(db, "SELECT * FROM launch_subscriptions WHERE project_id = ? AND status = 'pending' ORDER BY id").all(projectId).map(toStoredSubscription)

/** Allocates one project in one transaction; false when it was not open or not yet ended. */
export function allocateProject(db: DatabaseSync, projectId: number, now: number): boolean {
  return immediate(db, () => {
    const moved = statement(db, "UPDATE launch_projects SET state = 'allocated', settled_at = ? WHERE id = ? AND state = 'open' AND join_end <= ?").run(now, projectId, now)
    if (moved.changes !== 1) return false
    const project = findProject(db, projectId) as StoredProject
    const pending = pendingOf(db, projectId)
    const shares = new Map(allocate(pending, project.forSale, project.precision).map((share) => [share.id, share.allocated]))
    for (const subscription of pending) {
      if (!allocateOne(db, project, subscription, shares.get(subscription.id) ?? '0', now)) throw new Error('launch: a pending subscription moved during the allocation')
    }
    return true
  })
}

/** Cancels an open project and refunds every subscriber, in one transaction; false when it was not open. */
export function cancelProject(db: DatabaseSync, projectId: number, now: number): boolean {
  return immediate(db, () => {
    const moved = statement(db, "UPDATE launch_projects SET state = 'cancelled', settled_at = ? WHERE id = ? AND state = 'open'").run(now, projectId)
    if (moved.changes !== 1) return false
    const project = findProject(db, projectId) as StoredProject
    for (const subscription of pendingOf(db, projectId)) {
      if (!refundOne(db, project, subscription, now)) throw new Error('launch: a pending subscription moved during the cancel')
    }
    return true
  })
}

export function launchPass(db: DatabaseSync, now: number): PassResult {
  const result: PassResult = { allocated: 0, unlocked: 0 }
  const due = statement(db, "SELECT id FROM launch_projects WHERE state = 'open' AND join_end <= ? ORDER BY join_end, id").all(now)
  for (const row of due) if (allocateProject(db, Number(row.id), now)) result.allocated++
  // Projects drive the walk (CROSS JOIN fixes SQLite's loop order): a tick reads the few projects
  // and, only for those whose unlock has come, their locked allocations through the partial index,
  // instead of visiting every allocation still locked for weeks on every 250 ms tick.
  const locked = statement(
    db,
    `SELECT s.* FROM launch_projects p CROSS JOIN launch_subscriptions s
     WHERE p.unlock_at <= ? AND s.project_id = p.id AND s.status = 'allocated' AND s.unlocked = 0 ORDER BY s.id LIMIT 500`,
  ).all(now)
  for (const row of locked) {
    const subscription = toStoredSubscription(row)
    const unlocked = immediate(db, () => {
      const project = findProject(db, subscription.projectId)
      return project !== undefined && unlockOne(db, project, subscription, now)
    })
    if (unlocked) result.unlocked++
  }
  return result
}

