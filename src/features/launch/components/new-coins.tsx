import '../launch.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSetAtom } from '../../../lib/store'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchProjects } from '../api'
import { noteClockAtom } from '../atoms'
import type { Project } from '../model'
import { ProjectCard } from './project-card'
import { useServerNow } from './use-server-now'

/** How many projects the home page shows; the rest are a tap away on /home/new. */
const SHOWN = 3

/**
 * The home page's "New coins" (spec §2): the projects joining now, then those warming up, with
 * their countdowns, and the way to every project. Loaded as a chunk of its own by the home route.
 */
export function NewCoins() {
  const { t } = useLingui()
  const noteClock = useSetAtom(noteClockAtom)
  const now = useServerNow()
  const { state, reload } = useRequest('new-coins', async () => {
    const [joining, warmup] = await Promise.all([fetchProjects('joining', 1), fetchProjects('warmup', 1)])
    noteClock(joining.offset ?? warmup.offset)
    return [...joining.data.list, ...warmup.data.list].slice(0, SHOWN)
  })
  return (
    <section className="launch-home" aria-label={t`New coins`}>
      <div className="launch-home__head">
        <h2><Trans>New coins</Trans></h2>
        <Link to="/home/new" className="button button--text button--small"><Trans>All projects</Trans></Link>
      </div>
      {state.status === 'loading' && <p className="launch-home__state" role="status" aria-label={t`New coins`}><span className="spinner" /></p>}
      {state.status === 'error' && (
        <div className="launch-home__state" role="alert">
          <p><Trans>Could not load the new coins.</Trans></p>
          <button type="button" className="button button--ghost button--small" onClick={reload}><Trans>Retry</Trans></button>
        </div>
      )}
      {state.status === 'ready' && state.data.length === 0 && <p className="launch-home__state muted"><Trans>No coins are joining or warming up right now.</Trans></p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="launch-home__list">{state.data.map((project: Project) => <ProjectCard key={project.id} project={project} now={now} />)}</ul>
      )}
    </section>
  )
}
