import { Trans } from '@lingui/react/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { LogoutButton } from '../../features/me/components/logout-button'
import { MeMenu } from '../../features/me/components/me-menu'
import { ProfileHeader } from '../../features/me/components/profile-header'
import { ThemeSwitch } from '../../features/me/components/theme-switch'
import { loadCatalog } from '../../lib/i18n'

export const Route = createFileRoute('/me/')({
  loader: () => loadCatalog('me'),
  component: function MeScreen() {
    const navigate = useNavigate()
    return (
      <Screen title={<Trans>Profile</Trans>} back>
        <ProfileHeader />
        <MeMenu />
        <ThemeSwitch />
        <LogoutButton onLoggedOut={() => navigate({ to: '/login', replace: true })} />
      </Screen>
    )
  },
})
