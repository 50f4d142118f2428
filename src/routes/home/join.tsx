import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { JoinScreen } from '../../features/launch/components/join-screen'
import { parseProjectSearch } from '../../features/launch/search'
import { loadCatalog } from '../../lib/i18n'

// Spec §2, §5: joining a project. Back, no tab bar. Visitors see the form and are asked to log in
// when they try (spec §8 'Please login first'), as on the other money screens a visitor can open.
export const Route = createFileRoute('/home/join')({
  validateSearch: parseProjectSearch,
  loader: () => loadCatalog('launch'),
  component: JoinRoute,
})

function JoinRoute() {
  const { id } = Route.useSearch()
  return (
    <Screen title={<Trans>Join</Trans>} back>
      {id ? <JoinScreen id={String(id)} /> : <p className="launch-state" role="alert"><Trans>No project was chosen.</Trans></p>}
    </Screen>
  )
}
