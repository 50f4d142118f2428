import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { ProjectDetail } from '../../features/launch/components/project-detail'
import { parseProjectSearch } from '../../features/launch/search'
import { loadCatalog } from '../../lib/i18n'

// Spec §2: a project's detail. A detail screen: Back, no tab bar. Public: visitors read it too.
export const Route = createFileRoute('/home/detail')({
  validateSearch: parseProjectSearch,
  loader: () => loadCatalog('launch'),
  component: DetailScreen,
})

function DetailScreen() {
  const { id } = Route.useSearch()
  return (
    <Screen title={<Trans>Project</Trans>} back>
      {id ? <ProjectDetail id={String(id)} /> : <p className="launch-state" role="alert"><Trans>No project was chosen.</Trans></p>}
    </Screen>
  )
}
