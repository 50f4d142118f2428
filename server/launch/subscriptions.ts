// Reading subscriptions (migration 011) and shaping them for the wire (src/contract/launch.ts):
// the tag follows from the state (spec §4: LOCKED until unlocked, HOLD while any token is left,
// SELLED once every allocated token was sold back).
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import type { LaunchSubscription, LaunchTag, SubscriptionStatus } from '../../src/contract/launch.ts'
import { num, type Row, str, strOrNull } from '../db/rows.ts'
import { findProject, projectPhase, type StoredProject, toWireProject } from './projects.ts'

export interface StoredSubscription {
  id: number
  projectId: number
  userId: number
  quantity: string
  frozen: string
  status: SubscriptionStatus
  allocated: string | null
  refunded: string | null
  unlocked: boolean
  sold: string
  proceeds: string
  fee: string
  createdAt: number
  settledAt: number | null
}

const numOrNull = (row: Row, column: string): number | null => (row[column] === null ? null : num(row, column))

export function toStoredSubscription(row: Row): StoredSubscription {
  return {
    id: num(row, 'id'),
    projectId: num(row, 'project_id'),
    userId: num(row, 'user_id'),
    quantity: str(row, 'quantity'),
    frozen: str(row, 'frozen'),
    status: str(row, 'status') as SubscriptionStatus,
    allocated: strOrNull(row, 'allocated'),
    refunded: strOrNull(row, 'refunded'),
    unlocked: num(row, 'unlocked') === 1,
    sold: str(row, 'sold'),
    proceeds: str(row, 'proceeds'),
    fee: str(row, 'fee'),
    createdAt: num(row, 'created_at'),
    settledAt: numOrNull(row, 'settled_at'),
  }
}

export async function findSubscription(db: Database, id: number, userId?: number): Promise<StoredSubscription | undefined> {
  const row = await db.get('SELECT * FROM launch_subscriptions WHERE id = ? AND (CAST(?2 AS BIGINT) IS NULL OR user_id = ?2)', id, userId ?? null)
  return row ? toStoredSubscription(row) : undefined
}

/** What one user subscribed in one project so far (tokens). */
export async function subscribedBy(db: Database, projectId: number, userId: number): Promise<string> {
  const rows = await db.all('SELECT quantity FROM launch_subscriptions WHERE project_id = ? AND user_id = ?', projectId, userId)
  return rows.reduce((sum, row) => sum.plus(str(row, 'quantity')), new BigNumber(0)).toFixed()
}

export function tagOf(subscription: StoredSubscription): LaunchTag | null {
  if (subscription.status !== 'allocated' || subscription.allocated === null) return null
  if (!subscription.unlocked) return 'LOCKED'
  return new BigNumber(subscription.sold).isGreaterThanOrEqualTo(subscription.allocated) ? 'SELLED' : 'HOLD'
}

export function sellableOf(subscription: StoredSubscription): string {
  if (tagOf(subscription) !== 'HOLD' || subscription.allocated === null) return '0'
  return new BigNumber(subscription.allocated).minus(subscription.sold).toFixed()
}

export function toWireSubscription(subscription: StoredSubscription, project: StoredProject, now: number): LaunchSubscription {
  const wire = toWireProject(project, now, 'en-US', '0')
  return {
    id: String(subscription.id),
    projectId: String(project.id),
    symbol: project.symbol,
    name: project.name,
    logo: wire.logo,
    price: project.price,
    phase: projectPhase(project, now),
    status: subscription.status,
    tag: tagOf(subscription),
    quantity: subscription.quantity,
    frozen: subscription.frozen,
    allocated: subscription.allocated,
    refunded: subscription.refunded,
    sold: subscription.sold,
    proceeds: subscription.proceeds,
    fee: subscription.fee,
    sellable: sellableOf(subscription),
    unlockAt: project.unlockAt,
    createdAt: subscription.createdAt,
    settledAt: subscription.settledAt,
  }
}

export async function subscriptionPage(
  db: Database,
  userId: number,
  projectId: number | undefined,
  now: number,
  pageNo: number,
  pageSize: number,
): Promise<{ list: LaunchSubscription[]; sum: number }> {
  const where = 'user_id = ?1 AND (CAST(?2 AS BIGINT) IS NULL OR project_id = ?2)'
  const sum = num(await db.get(`SELECT count(*) AS n FROM launch_subscriptions WHERE ${where}`, userId, projectId ?? null) ?? {}, 'n')
  const rows = await db.all(`SELECT * FROM launch_subscriptions WHERE ${where} ORDER BY id DESC LIMIT ?3 OFFSET ?4`, userId, projectId ?? null, pageSize, (pageNo - 1) * pageSize)
  const projects = new Map<number, StoredProject | undefined>()
  const list: LaunchSubscription[] = []
  for (const row of rows) {
    const subscription = toStoredSubscription(row)
    if (!projects.has(subscription.projectId)) projects.set(subscription.projectId, await findProject(db, subscription.projectId))
    const project = projects.get(subscription.projectId)
    if (project) list.push(toWireSubscription(subscription, project, now))
  }
  return { list, sum }
}
