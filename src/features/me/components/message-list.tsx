import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { InboxMessage } from '../../../contract/profile.ts'
import { formatDate } from '../../../lib/format'
import { PagedList } from '../../../lib/ui/paged-list'
import { useEndReached } from '../../../lib/ui/use-end-reached'
import { usePages } from '../../../lib/ui/use-pages'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import { fetchMessages, markAllRead } from '../api'
import { messageText } from './message-text'
import { PullNote } from '../../../lib/ui/pull-note'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'

/** Spec §2 /me/message: the inbox, newest first, unread marked; pull down refreshes, the end loads more. */
export function MessageList() {
  const { t, i18n } = useLingui()
  const refuseOffline = useRefuseOffline()
  const inbox = usePages<InboxMessage>('inbox', async (pageNo) => {
    const page = await fetchMessages(pageNo)
    return { list: page.list, total: page.sum }
  })
  const pull = usePullToRefresh(inbox.refresh)
  const { pages, pending } = inbox
  const endRef = useEndReached<HTMLDivElement>(!!pages && !pages.noMore && pages.error === null, pages?.list.length ?? 0, inbox.loadMore)
  const anyUnread = pages?.list.some((message) => message.read === 0) ?? false
  const readAll = async () => {
    if (refuseOffline()) return
    await markAllRead().catch(() => undefined)
    inbox.refresh()
  }
  return (
    <section aria-label={t`Messages`}>
      <PullNote distance={pull.distance} ready={pull.ready} />
      {anyUnread && (
        <p style={{ textAlign: 'right', margin: 0 }}>
          <button type="button" className="button button--text button--small" onClick={() => void readAll()}><Trans>Mark all as read</Trans></button>
        </p>
      )}
      <PagedList label={t`Messages`} pages={pages} pending={pending} empty={<Trans>No messages yet.</Trans>}
        onRetry={inbox.retry} onMore={inbox.loadMore} endRef={endRef}
        renderItem={(message) => {
          const text = messageText(message, i18n)
          return (
            <li key={message.id} className="me-list-item">
              <Link to="/me/msgdetail" search={{ id: message.id }}>
                <span className={message.read ? 'me-message__title me-message__title--read' : 'me-message__title'}>{text.title}</span>
                <span className="me-message__text">{text.body}</span>
                <span className="muted me-message__time">{formatDate(message.createdAt)}</span>
              </Link>
              {message.read === 0 && <span className="me-unread-dot" role="img" aria-label={t`Unread`} />}
            </li>
          )
        }} />
    </section>
  )
}
