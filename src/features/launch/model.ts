// What the launchpad screens show: api.ts maps the answers of src/contract/launch.ts onto these,
// so the components and their tests read one shape. Each is derived from its wire type, so a field
// is described once (in the contract) and a change there reaches the screens.
import type { LaunchProject, LaunchSaleTerms, LaunchSubscription, LaunchTag } from '../../contract/launch.ts'
import type { Schedule } from './logic'

export type Tag = LaunchTag
export type SaleTerms = LaunchSaleTerms

/**
 * A project as the wire gives it (LaunchProject), its instants gathered into the schedule the
 * countdowns run on; lockDays is left out (unlockAt already says when the lock ends).
 */
export type Project = Omit<LaunchProject, keyof Schedule | 'lockDays'> & { schedule: Schedule }

/** A subscription as the wire gives it, with the sale's fee terms for the figures shown before selling. */
export type Subscription = LaunchSubscription & { terms: SaleTerms }

/** An answer with the offset of the server's clock it gave (logic.clockOffset). */
export interface Timed<T> {
  data: T
  /** ms the server is ahead of the device; null when the answer came from storage. */
  offset: number | null
}
