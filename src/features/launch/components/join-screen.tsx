import '../launch.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { translate } from '../../../lib/i18n'
import { useSetAtom } from '../../../lib/store'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchProject } from '../api'
import { noteClockAtom } from '../atoms'
import { CoinLogo } from './coin-logo'
import { JoinForm } from './join-form'

/** /home/join: the project's terms, then its form once they are known. */
export function JoinScreen({ id }: { id: string }) {
  const { t } = useLingui()
  const noteClock = useSetAtom(noteClockAtom)
  const { state, reload } = useRequest(`join:${id}`, async () => {
    const answer = await fetchProject(id)
    noteClock(answer.offset)
    return answer.data
  })
  if (state.status === 'loading') return <p className="launch-state" role="status" aria-label={t`Project`}><span className="spinner" /></p>
  if (state.status === 'error') {
    return (
      <div className="launch-state" role="alert">
        <p><Trans>Could not load the project.</Trans> {state.error instanceof Error ? translate(state.error.message) : ''}</p>
        <button type="button" className="button button--ghost button--small" onClick={reload}><Trans>Retry</Trans></button>
      </div>
    )
  }
  const project = state.data
  return (
    <div className="launch-detail">
      <header className="launch-detail__head">
        <CoinLogo src={project.logo} symbol={project.symbol} size={40} />
        <div className="launch-card__title">
          <h2>{project.symbol}</h2>
          <span className="muted">{project.name}</span>
        </div>
      </header>
      <JoinForm project={project} />
    </div>
  )
}
