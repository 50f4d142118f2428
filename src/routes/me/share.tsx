import '../../features/me/me.css'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { InviteLinks } from '../../features/me/components/invite-links'
import { SharePoster } from '../../features/me/components/share-poster'
import { registrationLink } from '../../features/me/logic'
import { userInfoAtom } from '../../lib/session'
import { useAtomValue } from '../../lib/store'
import { loadCatalog } from '../../lib/i18n'

// Spec §2 "Invite: invite code and poster".
export const Route = createFileRoute('/me/share')({
  loader: () => loadCatalog('me'),
  beforeLoad: requireLogin,
  component: function ShareScreen() {
    const info = useAtomValue(userInfoAtom)
    const code = info?.invitationCode ?? ''
    const link = registrationLink(window.location.origin, code)
    return (
      <Screen title={<Trans>Invite friends</Trans>} back>
        {code ? (
          <div className="me-stack">
            <InviteLinks code={code} link={link} />
            <SharePoster code={code} link={link} />
          </div>
        ) : <p className="paged-list__empty" role="status"><span className="spinner" /></p>}
      </Screen>
    )
  },
})
