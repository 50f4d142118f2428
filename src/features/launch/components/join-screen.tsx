import '../launch.css'
import { JoinForm } from './join-form'
import { ProjectHead } from './project-head'
import { ProjectLoadState } from './project-load-state'
import { useProject } from './use-project'

/** /home/join: the project's terms, then its form once they are known. */
export function JoinScreen({ id }: { id: string }) {
  const { state, reload } = useProject(`join:${id}`, id)
  if (state.status !== 'ready') return <ProjectLoadState state={state} onRetry={reload} />
  const project = state.data
  return (
    <div className="launch-detail">
      <ProjectHead project={project} logoSize={40} />
      <JoinForm project={project} />
    </div>
  )
}
