// Words for the asset records' numbers (spec §3, §4): what kind of movement a record is and where
// its review stands. Shared by every screen that lists records (assets, seconds contracts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RecordStatus, RecordType } from '../contract/assets.ts'

export const RECORD_TYPE_LABELS: Record<RecordType, MessageDescriptor> = {
  1: msg`Deposit`,
  2: msg`Withdrawal`,
  3: msg`Transfer in`,
  4: msg`Transfer out`,
  5: msg({ message: 'Exchange', context: 'a kind of asset record: one currency exchanged into another' }),
  // A seconds-contract order (RECORD_TYPES.contract: the number and key are older than the
  // leveraged contracts, and stay for compatibility); its label names the product.
  6: msg`Seconds contract`,
  7: msg`Credit`,
  8: msg({ message: 'Spot trade', context: 'a kind of asset record: one fill of a spot order' }),
  9: msg({ message: 'Leveraged contract', context: 'a kind of asset record: money of a leveraged (futures) position' }),
  10: msg({ message: 'Launchpad', context: 'a kind of asset record: a new-coin subscription, its allocation, refund, unlock or sale' }),
}

/** Spec §4: reviewing shows as "Pending review". */
export const RECORD_STATUS_LABELS: Record<RecordStatus, MessageDescriptor> = {
  0: msg`Pending review`,
  1: msg`Finished`,
  2: msg`Rejected`,
}
