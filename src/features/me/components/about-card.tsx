import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchLicences } from '../api'
import { RequestView } from './request-view'

// Outside a build (screen tests) the defines are absent.
const VERSION = typeof NOVAEX_APP_VERSION === 'string' ? NOVAEX_APP_VERSION : 'dev'
const BUILD = typeof NOVAEX_APP_BUILD === 'string' ? NOVAEX_APP_BUILD : 'dev'

/** Spec §2 /me/about: name, version and build, the shipped packages' licences and the terms. */
export function AboutCard() {
  const { t } = useLingui()
  const licences = useRequest('licences', fetchLicences)
  return (
    <div className="me-stack">
      <dl className="card me-rows" aria-label={t`About us`}>
        <div className="me-row"><dt><Trans>Name</Trans></dt><dd>NovaEx</dd></div>
        <div className="me-row"><dt><Trans>Version</Trans></dt><dd>{VERSION}</dd></div>
        <div className="me-row"><dt><Trans>Build</Trans></dt><dd>{BUILD}</dd></div>
        <div className="me-row"><dt><Trans>Terms</Trans></dt><dd><Link to="/protocol"><Trans>User agreement</Trans> ›</Link></dd></div>
      </dl>
      <section className="card" aria-label={t`Open-source licences`}>
        <h2 className="card__title"><Trans>Open-source licences</Trans></h2>
        <RequestView state={licences.state} onRetry={licences.reload}>
          {(list) => (
            <ul className="me-licences">
              {list.map((entry) => <li key={entry.name}><span>{entry.name} {entry.version}</span><span className="muted">{entry.license}</span></li>)}
            </ul>
          )}
        </RequestView>
      </section>
    </div>
  )
}
