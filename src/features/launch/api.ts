// DRAFT wire (until src/contract/launch.ts lands)
import { ACCOUNT_TYPES, ASSET_PATHS, type AssetRow } from '../../contract/assets.ts'
import { IDEMPOTENCY_HEADER } from '../../contract/envelopes.ts'
import { postBb, postContract } from '../../lib/api-client'
import { readFreshness } from '../../lib/freshness'
import { clockOffset, type Phase } from './logic'
import type { Project, Subscription, Timed } from './model'

const LAUNCH_PATHS = { list: '/bb/launch/list', detail: '/bb/launch/detail', subscribe: '/bb/launch/subscribe', mine: '/bb/launch/mine', sell: '/bb/launch/sell', paper: '/bb/launch/paper' }

/** Spec §9: lists page by 10. */
export const LAUNCH_PAGE_SIZE = 10

const once = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key } })

async function timed<T extends { serverTime: number }>(call: () => Promise<T>): Promise<Timed<T>> {
  const sentAt = Date.now()
  const data = await call()
  // An answer from the worker's storage carries an old serverTime: it says nothing about the clock now.
  const offset = readFreshness().offline ? null : clockOffset(data.serverTime, sentAt, Date.now())
  return { data, offset }
}

export async function fetchProjects(phase: Phase, pageNo: number): Promise<Timed<{ list: Project[]; total: number }>> {
  const answer = await timed(() => postBb<{ list: Project[]; sum: number; serverTime: number }>(LAUNCH_PATHS.list, { phase, pageNo, pageSize: LAUNCH_PAGE_SIZE }))
  return { offset: answer.offset, data: { list: answer.data.list, total: answer.data.sum } }
}

export async function fetchProject(id: string): Promise<Timed<Project>> {
  const answer = await timed(() => postBb<{ project: Project; serverTime: number }>(LAUNCH_PATHS.detail, { id }))
  return { offset: answer.offset, data: answer.data.project }
}

export async function fetchSubscriptions(pageNo: number): Promise<Timed<{ list: Subscription[]; total: number }>> {
  const answer = await timed(() => postBb<{ list: Subscription[]; sum: number; serverTime: number }>(LAUNCH_PATHS.mine, { pageNo, pageSize: LAUNCH_PAGE_SIZE }))
  return { offset: answer.offset, data: { list: answer.data.list, total: answer.data.sum } }
}

export const subscribe = (input: { id: string; quantity: string; tradePassword: string }, key: string) => postBb<unknown>(LAUNCH_PATHS.subscribe, input, once(key))

export const sell = (input: { id: string; quantity: string }, key: string) => postBb<unknown>(LAUNCH_PATHS.sell, input, once(key))

export const paperUrl = (id: string) => `${LAUNCH_PATHS.paper}?id=${encodeURIComponent(id)}`

export const fetchSpotAccount = () => postContract<AssetRow[]>(ASSET_PATHS.accounts, { accountType: ACCOUNT_TYPES.spot })
