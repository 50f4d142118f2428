import { Trans, useLingui } from '@lingui/react/macro'
import type { KycInfo } from '../../../contract/profile.ts'
import { formatDate } from '../../../lib/format'
import type { KycView } from '../logic'
import { docTypeLabel } from './doc-labels'
import { KycPhoto } from './kyc-photo'

interface KycStateCardProps {
  info: KycInfo
  view: Exclude<KycView, 'form'>
  onSubmitAgain: () => void
}

/** What was submitted and its review state; a rejection shows the operator's reason and a way to submit again. */
export function KycStateCard({ info, view, onSubmitAgain }: KycStateCardProps) {
  const { t, i18n } = useLingui()
  const heading = { reviewing: t`Under review`, verified: t`Verified`, rejected: t`Rejected` }[view]
  const submitted = info.submitted
  return (
    <section className="card me-state" aria-label={t`Verification state`}>
      <h2 className="card__title"><span className={`badge badge--${view}`}>{heading}</span></h2>
      {view === 'reviewing' && <p className="muted"><Trans>Your documents are being reviewed. Verification info cannot be changed once submitted.</Trans></p>}
      {view === 'verified' && <p className="muted"><Trans>Your identity is verified. You can withdraw.</Trans></p>}
      {view === 'rejected' && <p className="me-reason"><Trans>Reason: {info.reason}</Trans></p>}
      {submitted && (
        <dl className="me-rows" style={{ width: '100%' }}>
          <div className="me-row"><dt><Trans>Full name</Trans></dt><dd>{submitted.name}</dd></div>
          <div className="me-row"><dt><Trans>Document type</Trans></dt><dd>{i18n._(docTypeLabel(submitted.docType))}</dd></div>
          <div className="me-row"><dt><Trans>Document number</Trans></dt><dd>{submitted.docNumberMasked}</dd></div>
          <div className="me-row"><dt><Trans context="when a verification was submitted">Submitted</Trans></dt><dd>{formatDate(submitted.submittedAt)}</dd></div>
          {info.reviewedAt !== null && <div className="me-row"><dt><Trans>Reviewed</Trans></dt><dd>{formatDate(info.reviewedAt)}</dd></div>}
        </dl>
      )}
      {submitted && (
        <div className="me-photos" style={{ width: '100%' }}>
          <KycPhoto side="front" alt={t`Front photo`} />
          <KycPhoto side="back" alt={t`Back photo`} />
        </div>
      )}
      {view === 'rejected' && (
        <button type="button" className="button button--primary button--block" onClick={onSubmitAgain}><Trans>Submit again</Trans></button>
      )}
    </section>
  )
}
