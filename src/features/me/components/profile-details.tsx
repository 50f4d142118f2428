import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { userInfoAtom } from '../../../lib/session'
import { useAtomValue } from '../../../lib/store'
import { kycLabel } from '../logic'
import { CopyButton } from './copy-button'
import { EmailText } from './email-text'

/** Spec §2 /me/profile: email, UID, invitation code (copy) and the verification state leading to /me/verify. */
export function ProfileDetails() {
  const { t } = useLingui()
  const info = useAtomValue(userInfoAtom)
  if (!info) return <p className="paged-list__empty" role="status"><span className="spinner" /></p>
  const label = kycLabel(info.auth)
  const kyc = { none: t`Not verified`, reviewing: t`Under review`, verified: t`Verified` }[label]
  return (
    <dl className="card me-rows" aria-label={t`Personal information`}>
      <div className="me-row"><dt><Trans>Email</Trans></dt><dd><span><EmailText email={info.email} /></span></dd></div>
      <div className="me-row"><dt>UID</dt><dd>{info.uid}</dd></div>
      <div className="me-row">
        <dt><Trans>Invitation code</Trans></dt>
        <dd><span className="me-nowrap">{info.invitationCode}</span><CopyButton text={info.invitationCode} label={t`Copy the invitation code`} /></dd>
      </div>
      <div className="me-row">
        <dt><Trans>Identity verification</Trans></dt>
        <dd><Link to="/me/verify" className={`badge badge--${label}`}>{kyc}{'\u00a0'}›</Link></dd>
      </div>
    </dl>
  )
}
