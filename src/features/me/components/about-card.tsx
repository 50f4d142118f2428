import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Fragment } from 'react'
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
        {/* "e5c4bf5 · 2026-11-27 14:14 UTC": each word whole, the date never broken at its hyphens. */}
        <div className="me-row"><dt><Trans>Build</Trans></dt><dd><span>{BUILD.split(' ').map((word, index) => <Fragment key={index}>{index > 0 && ' '}<span className="me-nowrap">{word}</span></Fragment>)}</span></dd></div>
        <div className="me-row"><dt><Trans>Terms</Trans></dt><dd><Link to="/protocol"><Trans>User agreement</Trans>{'\u00a0'}›</Link></dd></div>
      </dl>
      <section className="card" aria-label={t`Open-source licences`}>
        <h2 className="card__title"><Trans>Open-source licences</Trans></h2>
        <RequestView state={licences.state} onRetry={licences.reload}>
          {(list) => (
            // It scrolls in a box of its own: focusable, and named, so a keyboard can scroll it too.
            <ul className="me-licences" tabIndex={0} aria-label={t`Open-source licences`}>
              {list.map((entry) => <li key={entry.name}><span>{entry.name} {entry.version}</span><span className="muted">{entry.license}</span></li>)}
            </ul>
          )}
        </RequestView>
      </section>
    </div>
  )
}
