import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { ProjectList } from '../../features/launch/components/project-list'
import type { Phase } from '../../features/launch/logic'
import { loadCatalog } from '../../lib/i18n'

const PHASES: readonly Phase[] = ['warmup', 'joining', 'ended']

// Spec §2: the new coins by phase. A sub-screen of home with Back and no tab bar (tab index -1).
// The phase lives in the URL, so Back and a reload keep it; joining is what most visits want.
export const Route = createFileRoute('/home/new')({
  validateSearch: (search: Record<string, unknown>): { phase?: Phase } => ({ phase: PHASES.find((phase) => phase === search.phase) }),
  loader: () => loadCatalog('launch'),
  component: NewScreen,
})

function NewScreen() {
  const { phase = 'joining' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <Screen title={<Trans>New coins</Trans>} back>
      <ProjectList phase={phase} onPhaseChange={(next) => void navigate({ search: { phase: next }, replace: true })} />
    </Screen>
  )
}
