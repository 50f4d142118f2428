import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { isLoggedInAtom, userInfoAtom } from '../../../lib/session'
import { useAtomValue } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { kycLabel } from '../logic'
import { EmailText } from './email-text'

/** The top of /me: who is logged in, their UID, invite code and KYC state; or a way to log in. */
export function ProfileHeader() {
  const { t } = useLingui()
  const loggedIn = useAtomValue(isLoggedInAtom)
  const info = useAtomValue(userInfoAtom)

  if (!loggedIn) {
    return (
      <section className="profile-header">
        <div className="avatar" aria-hidden="true">?</div>
        <div className="profile-header__text">
          <p className="profile-header__name"><Trans>Welcome</Trans></p>
          <Link to="/login" className="button button--primary button--small"><Trans>Log in / Register</Trans></Link>
        </div>
      </section>
    )
  }

  const kyc = { none: t`Not verified`, reviewing: t`Under review`, verified: t`Verified` }[kycLabel(info?.auth)]
  const copyInvite = async () => {
    if (!info?.invitationCode) return
    try {
      await navigator.clipboard.writeText(info.invitationCode)
      toast.success(t`Copied`)
    } catch {
      toast.warning(t`Copying is not allowed here; please copy the code by hand`)
    }
  }
  return (
    <section className="profile-header" aria-label={t`Account`}>
      {info?.icon ? <img className="avatar" src={info.icon} alt="" /> : (
        <div className="avatar" aria-hidden="true">{info?.email.charAt(0).toUpperCase() ?? '…'}</div>
      )}
      <div className="profile-header__text">
        <p className="profile-header__name">{info ? <EmailText email={info.email} /> : <Trans>Loading…</Trans>}</p>
        <p className="profile-header__meta">
          <span>UID {info?.uid ?? '--'}</span>
          <span className={`badge badge--${kycLabel(info?.auth)}`}>{kyc}</span>
        </p>
        {info?.invitationCode && (
          <button type="button" className="chip" onClick={copyInvite}>
            <Trans>Invitation code: {info.invitationCode}</Trans>
          </button>
        )}
      </div>
    </section>
  )
}
