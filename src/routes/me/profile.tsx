import '../../features/me/me.css'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { AvatarPicker } from '../../features/me/components/avatar-picker'
import { ProfileDetails } from '../../features/me/components/profile-details'
import { loadCatalog } from '../../lib/i18n'

// Spec §2 /me/profile: the avatar (tap to change) and who the user is.
export const Route = createFileRoute('/me/profile')({
  loader: () => loadCatalog('me'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Personal information</Trans>} back>
      <div className="me-stack"><AvatarPicker /><ProfileDetails /></div>
    </Screen>
  ),
})
