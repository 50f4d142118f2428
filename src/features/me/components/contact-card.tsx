import { Trans, useLingui } from '@lingui/react/macro'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchCustomerService } from '../api'
import { externalLinkTarget } from '../logic'
import { CopyButton } from './copy-button'
import { EmailText } from './email-text'
import { RequestView } from './request-view'

/** Spec §2 /me/contact: the service email and the chat, opened in the same window on iOS, a new one elsewhere. */
export function ContactCard() {
  const { t } = useLingui()
  const request = useRequest('customer-service', fetchCustomerService)
  return (
    <RequestView state={request.state} onRetry={request.reload}>
      {(service) => (
        <section className="card me-stack" aria-label={t`Contact us`}>
          {!service.email && !service.link && <p className="muted"><Trans>Customer service is not available right now.</Trans></p>}
          {service.email && (
            <dl className="me-rows">
              <div className="me-row">
                <dt><Trans>Email</Trans></dt>
                <dd><a href={`mailto:${service.email}`}><EmailText email={service.email} /></a><CopyButton text={service.email} label={t`Copy the email address`} /></dd>
              </div>
            </dl>
          )}
          {service.link && (
            <a className="button button--primary button--block" href={service.link} target={externalLinkTarget(navigator.userAgent)} rel="noopener noreferrer">
              <Trans>Chat with customer service</Trans>
            </a>
          )}
        </section>
      )}
    </RequestView>
  )
}
