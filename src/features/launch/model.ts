// What the launchpad screens show, independent of the wire: api.ts maps the answers of
// src/contract/launch.ts onto these, so the components and their tests read one shape.
import type { LaunchPhase, LaunchSaleTerms, LaunchTag, SubscriptionStatus } from '../../contract/launch.ts'
import type { Schedule } from './logic'

export type Tag = LaunchTag
export type SaleTerms = LaunchSaleTerms

export interface Project {
  id: string
  symbol: string
  name: string
  /** Same-origin URL of the coin's logo; empty when the project has none. */
  logo: string
  /** USDT per token. */
  price: string
  forSale: string
  /** Every subscriber's quantity so far (the progress bar). */
  subscribed: string
  minPerUser: string
  maxPerUser: string
  /** Decimals a quantity of the coin may have. */
  precision: number
  schedule: Schedule
  phase: LaunchPhase
  /** In the caller's language. */
  description: string
  /** Where the white paper is read (GET). */
  paperUrl: string
  /** What the caller subscribed so far in this project; '0' for a visitor. */
  mine: string
}

export interface Subscription {
  id: string
  projectId: string
  symbol: string
  name: string
  logo: string
  price: string
  /** The project's phase now. */
  phase: LaunchPhase
  status: SubscriptionStatus
  tag: Tag | null
  /** Tokens asked for. */
  quantity: string
  /** USDT frozen for them. */
  frozen: string
  /** Tokens given at the end of joining (null before). */
  allocated: string | null
  /** USDT given back at the end of joining (null before). */
  refunded: string | null
  /** Tokens sold back to the pool so far, the USDT they gave (after fees) and the fees. */
  sold: string
  proceeds: string
  fee: string
  /** Tokens that can be sold now (HOLD). */
  sellable: string
  unlockAt: number
  createdAt: number
  settledAt: number | null
  /** The sale's fee terms, for the figures shown before selling. */
  terms: SaleTerms
}

/** An answer with the offset of the server's clock it gave (logic.clockOffset). */
export interface Timed<T> {
  data: T
  /** ms the server is ahead of the device; null when the answer came from storage. */
  offset: number | null
}
