// The two accounts' names (spec §3), as descriptors so each screen shows them in the user's
// language. Record kinds and states are shared with other features: lib/record-labels.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AccountTypeId } from '../../../contract/assets.ts'

export const ACCOUNT_LABELS: Record<AccountTypeId, MessageDescriptor> = {
  1: msg`Spot account`,
  2: msg`Contract account`,
}
