import { useLingui } from '@lingui/react/macro'
import { KYC_STATE, type KycState } from '../../../contract/profile.ts'

/** A verification state in words. */
export function useKycText() {
  const { t } = useLingui()
  return (state: KycState): string =>
    ({
      [KYC_STATE.none]: t`Not verified`,
      [KYC_STATE.reviewing]: t`Under review`,
      [KYC_STATE.verified]: t`Verified`,
      [KYC_STATE.rejected]: t`Rejected`,
    })[state] ?? t`Not verified`
}
