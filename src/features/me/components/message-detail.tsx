import { useLingui } from '@lingui/react/macro'
import { formatDate } from '../../../lib/format'
import { useRequest } from '../../../lib/ui/use-request'
import { openMessage } from '../api'
import { messageText } from './message-text'
import { RequestView } from './request-view'

/** Spec §2 /me/msgdetail: one message, which opening marks read (the server does it in the same call). */
export function MessageDetail({ id }: { id: string }) {
  const { i18n } = useLingui()
  const request = useRequest(`message:${id}`, () => openMessage(id))
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
