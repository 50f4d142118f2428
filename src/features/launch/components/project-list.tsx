import '../launch.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { PagedList } from '../../../lib/ui/paged-list'
import { Tabs } from '../../../lib/ui/tabs'
import { useEndReached } from '../../../lib/ui/use-end-reached'
import { usePages } from '../../../lib/ui/use-pages'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import { useSetAtom } from '../../../lib/store'
import { fetchProjects } from '../api'
import { noteClockAtom } from '../atoms'
import type { ListPhase as Phase } from '../logic'
import type { Project } from '../model'
import { PHASE_LABELS } from './labels'
import { ProjectCard } from './project-card'
import { useServerNow } from './use-server-now'
import { PullNote } from '../../../lib/ui/pull-note'

const PHASES: readonly Phase[] = ['warmup', 'joining', 'ended']

/** Spec §2's new coins by phase: warm-up, joining, ended; pull down (or Refresh) reloads, the end pages on. */
export function ProjectList({ phase, onPhaseChange }: { phase: Phase; onPhaseChange: (phase: Phase) => void }) {
  const { t, i18n } = useLingui()
  const noteClock = useSetAtom(noteClockAtom)
  const now = useServerNow()
  const load = async (pageNo: number) => {
    const answer = await fetchProjects(phase, pageNo)
    noteClock(answer.offset)
    return answer.data
  }
  const projects = usePages<Project>(`projects:${phase}`, load, { tickMs: 30_000 })
  const pull = usePullToRefresh(projects.refresh)
  const { pages, pending } = projects
  const endRef = useEndReached<HTMLDivElement>(!!pages && !pages.noMore && pages.error === null, pages?.list.length ?? 0, projects.loadMore)
  const refresh = (
    <button type="button" className="button button--text button--small" onClick={projects.refresh} disabled={pending !== null || !pages}>
      <Trans>Refresh</Trans>
    </button>
  )
  return (
    <section className="launch-list" aria-label={t`New coins`}>
      <PullNote distance={pull.distance} ready={pull.ready} />
      <Tabs label={t`Phase`} tabs={PHASES.map((key) => ({ key, label: i18n._(PHASE_LABELS[key]) }))} value={phase} onChange={onPhaseChange} trailing={refresh}>
        <PagedList label={t`Projects`} pages={pages} pending={pending} empty={<Trans>No projects in this phase yet.</Trans>}
          renderItem={(project) => <ProjectCard key={project.id} project={project} now={now} />} onRetry={projects.retry} onMore={projects.loadMore} endRef={endRef} />
      </Tabs>
    </section>
  )
}
