import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { WhitePaper } from '../../features/launch/components/white-paper'
import { parseProjectSearch } from '../../features/launch/search'
import { loadCatalog } from '../../lib/i18n'

// Spec §2: a project's white paper, rendered in the app (lib/ui/pdf-viewer loads pdf.js with this
// route only). Back, no tab bar.
export const Route = createFileRoute('/home/wbook')({
  validateSearch: parseProjectSearch,
  loader: () => loadCatalog('launch'),
  component: WbookScreen,
})

function WbookScreen() {
  const { id } = Route.useSearch()
  return (
    <Screen title={<Trans>White paper</Trans>} back>
      {id ? <WhitePaper id={String(id)} /> : <p className="launch-state" role="alert"><Trans>No project was chosen.</Trans></p>}
    </Screen>
  )
}
