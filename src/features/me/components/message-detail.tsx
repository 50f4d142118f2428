import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { SERVER_MESSAGES } from '../../../contract/messages.ts'
import { ApiError } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { useRequest } from '../../../lib/ui/use-request'
import { openMessage } from '../api'
import { isMessageId } from '../logic'
import { messageText } from './message-text'
import { RequestView } from './request-view'

/** The server's answer for an id that is no message of this user: asking again cannot help. */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && error.kind === 'business' && error.message === SERVER_MESSAGES.messageNotFound

/** Spec §2 /me/msgdetail: one message, which opening marks read (the server does it in the same call). */
export function MessageDetail({ id }: { id: string }) {
  const { i18n } = useLingui()
  // No id, or one that cannot be a message (a link cut short): nothing to ask the server.
  const valid = isMessageId(id)
  const request = useRequest(valid ? `message:${id}` : null, () => openMessage(id))
  if (!valid || (request.state.status === 'error' && isNotFound(request.state.error))) return <MessageNotFound />
  return (
    <RequestView state={request.state} onRetry={request.reload}>
      {(message) => {
        const text = messageText(message, i18n)
        return (
          <article className="card me-stack">
            <h2 className="card__title">{text.title}</h2>
            <p className="muted">{formatDate(message.createdAt)}</p>
            <p className="me-detail__body">{text.body}</p>
          </article>
        )
      }}
    </RequestView>
  )
}

/** Instead of a Retry that cannot help: what happened, and the way back to the inbox. */
function MessageNotFound() {
  return (
    <section className="empty-state" role="status">
      <h2 className="card__title empty-state__title"><Trans>Message not found</Trans></h2>
      <p><Trans>This message does not exist or is no longer in your inbox.</Trans></p>
      <Link to="/me/message" className="button button--primary"><Trans>Back to messages</Trans></Link>
    </section>
  )
}
