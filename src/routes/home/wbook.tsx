import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { WhitePaper } from '../../features/launch/components/white-paper'
import { loadCatalog } from '../../lib/i18n'

// Spec §2: a project's white paper, rendered in the app (lib/ui/pdf-viewer loads pdf.js with this
// route only). Back, no tab bar.
export const Route = createFileRoute('/home/wbook')({
  validateSearch: (search: Record<string, unknown>): { id?: string } => ({ id: typeof search.id === 'string' || typeof search.id === 'number' ? String(search.id) : undefined }),
  loader: () => loadCatalog('launch'),
  component: WbookScreen,
})

function WbookScreen() {
  const { id } = Route.useSearch()
  return (
    <Screen title={<Trans>White paper</Trans>} back>
      {id ? <WhitePaper id={id} /> : <p className="launch-state" role="alert"><Trans>No project was chosen.</Trans></p>}
    </Screen>
  )
}
