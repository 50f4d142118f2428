// Calls of the launchpad screens (src/contract/launch.ts; every one answers the /bb envelope): the
// lists, a project and the white paper are public, subscribing, my subscriptions and selling need
// a session. Subscribing and selling carry the idempotency key the caller made at the first
// confirm, so a retry after a lost answer never subscribes (or sells) twice. The answers are
// mapped onto the screens' own shapes (model.ts), each with the server clock's offset it gave.
import { ACCOUNT_TYPES, ASSET_PATHS, type AssetRow } from '../../contract/assets.ts'
import {
  LAUNCH_PAGE_SIZE, LAUNCH_PATHS, PLATFORM_WHITE_PAPER_PATH, type LaunchProject, type LaunchProjectDetail, type LaunchProjectPage, type LaunchSale,
  type LaunchSaleTerms, type LaunchSubscription, type LaunchSubscriptionPage,
} from '../../contract/launch.ts'
import { postBb, postContract } from '../../lib/api-client'
import { keyed } from '../../lib/idempotency'
import { readFreshness } from '../../lib/freshness'
import { clockOffset, type ListPhase } from './logic'
import type { Project, Subscription, Timed } from './model'


/** Calls `call`, noting how far the server's clock is ahead (null for an answer from the worker's storage, whose serverTime is old). */
async function timed<T extends { serverTime: number }>(call: () => Promise<T>): Promise<Timed<T>> {
  const sentAt = Date.now()
  const data = await call()
  const offset = readFreshness().offline ? null : clockOffset(data.serverTime, sentAt, Date.now())
  return { data, offset }
}

const toProject = ({ warmupStart, joinStart, joinEnd, unlockAt, lockDays: _lockDays, ...rest }: LaunchProject): Project => ({
  ...rest,
  schedule: { warmupStart, joinStart, joinEnd, unlockAt },
})

const toSubscription = (sub: LaunchSubscription, terms: LaunchSaleTerms): Subscription => ({ ...sub, terms })

export async function fetchProjects(phase: ListPhase, pageNo: number): Promise<Timed<{ list: Project[]; total: number }>> {
  const answer = await timed(() => postBb<LaunchProjectPage>(LAUNCH_PATHS.list, { phase, pageNo, pageSize: LAUNCH_PAGE_SIZE }))
  return { offset: answer.offset, data: { list: answer.data.list.map(toProject), total: answer.data.sum } }
}

export async function fetchProject(id: string): Promise<Timed<Project>> {
  const answer = await timed(() => postBb<LaunchProjectDetail>(LAUNCH_PATHS.detail, { id }))
  return { offset: answer.offset, data: toProject(answer.data.project) }
}

export async function fetchSubscriptions(pageNo: number): Promise<Timed<{ list: Subscription[]; total: number }>> {
  const answer = await timed(() => postBb<LaunchSubscriptionPage>(LAUNCH_PATHS.mine, { pageNo, pageSize: LAUNCH_PAGE_SIZE }))
  const { list, sum, terms } = answer.data
  return { offset: answer.offset, data: { list: list.map((sub) => toSubscription(sub, terms)), total: sum } }
}

export const subscribe = (input: { id: string; quantity: string; tradePassword: string }, key: string) =>
  postBb<LaunchSubscription>(LAUNCH_PATHS.subscribe, input, keyed(key))

export const sell = (input: { id: string; quantity: string; tradePassword: string }, key: string) => postBb<LaunchSale>(LAUNCH_PATHS.sell, input, keyed(key))

/**
 * The white paper's address in the reader's language (a public GET the worker keeps for offline
 * reading, one copy per language: the language is in the address, not only in a header).
 */
export const paperUrl = (id: string, locale: string) => `${LAUNCH_PATHS.paper}?id=${encodeURIComponent(id)}&lang=${encodeURIComponent(locale)}`

/** The platform's own white paper (/me/mPdf) in the reader's language. */
export const platformPaperUrl = (locale: string) => `${PLATFORM_WHITE_PAPER_PATH}?lang=${encodeURIComponent(locale)}`

export const fetchSpotAccount = () => postContract<AssetRow[]>(ASSET_PATHS.accounts, { accountType: ACCOUNT_TYPES.spot })
