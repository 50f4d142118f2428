// A subscription (spec §4 joining, §5 quantity, fund password, "Insufficient available balance").
// Checked in the order a user can fix things: the project and its phase, the quantity, the limits,
// then the fund password; then, in one transaction with the idempotency key: the per-user total
// re-read, quantity × price frozen, the project's running total moved on conditionally, the
// subscription and its asset record written. Lead's hook: a "verified identity" gate belongs at
// the top of subscribe().
import { BigNumber } from 'bignumber.js'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import type { LaunchSubscription } from '../../src/contract/launch.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { type KeyedCall, once } from '../assets/idempotency.ts'
import type { AppContext } from '../context.ts'
import { fail, ok, sessionRequired } from '../http/envelope.ts'
import { requireVerifiedIdentity } from '../kyc/gate.ts'
import { freezeSubscription } from '../ledger/launch-operations.ts'
import { InsufficientBalanceError } from '../ledger/postings.ts'
import { insertRecord } from '../ledger/records.ts'
import { checkFundPassword } from '../withdrawals/fund-password.ts'
import { findUserById } from '../user/users.ts'
import { costOf, decimalsOf } from './logic.ts'
import { findProject, projectIdOf, projectPhase } from './projects.ts'
import { findSubscription, subscribedBy, toWireSubscription } from './subscriptions.ts'
import { checkQuantity } from './quantity.ts'

export interface SubscribeFields {
  id: string
  quantity: string
  tradePassword: string
}

export async function subscribe(ctx: AppContext, call: KeyedCall, fields: SubscribeFields): Promise<BbEnvelope<LaunchSubscription | null>> {
  const { userId } = call
  const user = await findUserById(ctx, userId)
  if (!user) throw sessionRequired(SERVER_MESSAGES.sessionExpired)
  const projectId = projectIdOf(fields.id)
  const project = projectId === undefined ? undefined : await findProject(ctx.db, projectId)
  if (!project) return fail(SERVER_MESSAGES.launchProjectNotFound)
  if (projectPhase(project, ctx.now()) !== 'joining') return fail(SERVER_MESSAGES.launchNotJoining)
  await requireVerifiedIdentity(ctx.db, userId)
  const quantity = checkQuantity(fields.quantity)
  if (!quantity.ok) return fail(quantity.msg)
  if (decimalsOf(quantity.value) > project.precision) return fail(SERVER_MESSAGES.launchTooPrecise)
  if (new BigNumber(quantity.value).isLessThan(project.minPerUser)) return fail(SERVER_MESSAGES.amountBelowMinimum)
  // A single quantity above the maximum is refused at once; the running total is checked in the
  // transaction (a retry with its key must replay, not be refused by its own first success).
  if (new BigNumber(quantity.value).isGreaterThan(project.maxPerUser)) return fail(SERVER_MESSAGES.launchAboveMaximum)
  if (!user.tradePasswordHash) return fail(SERVER_MESSAGES.fundPasswordNotSet)
  const password = await checkFundPassword(ctx, user, fields.tradePassword)
  if (password === 'limited') return fail(SERVER_MESSAGES.tooManyAttempts)
  if (password !== 'ok') return fail(SERVER_MESSAGES.passwordIncorrect)

  return await once(ctx.db, { ...call, now: ctx.now() }, async () => await subscribeNow(ctx, userId, project.id, quantity.value))
}

/** The transaction's body: everything re-read under the write lock, since the password check awaited. */
async function subscribeNow(ctx: AppContext, userId: number, projectId: number, quantity: string): Promise<BbEnvelope<LaunchSubscription | null>> {
  const now = ctx.now()
  const project = await findProject(ctx.db, projectId)
  if (!project || projectPhase(project, now) !== 'joining' || project.state !== 'open') return fail(SERVER_MESSAGES.launchNotJoining)
  if (new BigNumber(quantity).plus(await subscribedBy(ctx.db, project.id, userId)).isGreaterThan(project.maxPerUser)) {
    return fail(SERVER_MESSAGES.launchAboveMaximum)
  }
  const frozen = costOf(quantity, project.price)
  let entryId: number
  try {
    entryId = await freezeSubscription(ctx.db, { userId, usdt: frozen, memo: `launch subscription ${project.symbol}`, now })
  } catch (error) {
    if (error instanceof InsufficientBalanceError) return fail(SERVER_MESSAGES.insufficientBalance)
    throw error
  }
  const total = new BigNumber(project.subscribed).plus(quantity).toFixed()
  const moved = await ctx.db.run("UPDATE launch_projects SET subscribed = ? WHERE id = ? AND subscribed = ? AND state = 'open'", total, project.id, project.subscribed)
  if (moved.changes !== 1) throw new Error('launch: the project changed during the subscription')
  const id = Number(
    await ctx.db.insert('INSERT INTO launch_subscriptions (project_id, user_id, quantity, frozen, created_at) VALUES (?, ?, ?, ?, ?)', project.id, userId, quantity, frozen, now),
  )
  await insertRecord(ctx.db, {
    userId,
    accountType: ACCOUNT_TYPES.spot,
    tradeType: RECORD_TYPES.launch,
    currency: 'USDT',
    amount: `-${frozen}`,
    actualArrival: '0',
    status: RECORD_STATUS.finished,
    what: { kind: 'launchSubscribe', params: { quantity, symbol: project.symbol, price: project.price } },
    entryId,
    now,
  })
  const subscription = await findSubscription(ctx.db, id)
  if (!subscription) throw new Error('launch: the subscription just written is missing')
  return ok(toWireSubscription(subscription, { ...project, subscribed: total }, now))
}
