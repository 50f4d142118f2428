import { useState } from 'react'
import type { KycInfo } from '../../../contract/profile.ts'
import { tokenAtom, userIdAtom, userInfoAtom } from '../../../lib/session'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchKyc, fetchUserInfo } from '../api'
import { kycView } from '../logic'
import { KycForm } from './kyc-form'
import { KycStateCard } from './kyc-state-card'
import { RequestView } from './request-view'

/** /me/verify: the form, or per state what was submitted and its review (spec §4's KYC states). */
export function VerifyPanel() {
  const [submittedNow, setSubmittedNow] = useState<KycInfo | null>(null)
  const [resubmitting, setResubmitting] = useState(false)
  const request = useRequest('kyc', fetchKyc)
  const token = useAtomValue(tokenAtom)
  const userId = useAtomValue(userIdAtom)
  const setInfo = useSetAtom(userInfoAtom)
  const onSubmitted = (info: KycInfo) => {
    setSubmittedNow(info)
    setResubmitting(false)
    // The user info's `auth` (shown on /me and /me/profile) follows the new state.
    fetchUserInfo(token, userId).then(setInfo, () => undefined)
  }
  return (
    <RequestView state={request.state} onRetry={request.reload}>
      {(loaded) => {
        const info = submittedNow ?? loaded
        const view = kycView(info, resubmitting)
        return view === 'form' ? <KycForm onSubmitted={onSubmitted} /> : (
          <KycStateCard info={info} view={view} onSubmitAgain={() => setResubmitting(true)} />
        )
      }}
    </RequestView>
  )
}
