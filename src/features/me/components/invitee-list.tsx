import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Invitee } from '../../../contract/profile.ts'
import { formatDate } from '../../../lib/format'
import { PagedList } from '../../../lib/ui/paged-list'
import { useEndReached } from '../../../lib/ui/use-end-reached'
import { usePages } from '../../../lib/ui/use-pages'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import { fetchInvitees } from '../api'
import { PullNote } from '../../../lib/ui/pull-note'
import { useKycText } from './use-kyc-text'

type Row = Invitee & { id: string }

/** Spec §2 /me/share-record: who registered with the user's code, newest first, paged, with the count. */
export function InviteeList() {
  const { t } = useLingui()
  const kycText = useKycText()
  const [sum, setSum] = useState<number | null>(null)
  const load = async (pageNo: number) => {
    const page = await fetchInvitees(pageNo)
    setSum(page.sum)
    // Invitees carry no id of their own; their place in the newest-first list keys them.
    return { list: page.list.map((invitee, i) => ({ ...invitee, id: `${pageNo}:${i}:${invitee.registeredAt}` })), total: page.sum }
  }
  const invitees = usePages<Row>('invitees', load)
  const pull = usePullToRefresh(invitees.refresh)
  const { pages, pending } = invitees
  const endRef = useEndReached<HTMLDivElement>(!!pages && !pages.noMore && pages.error === null, pages?.list.length ?? 0, invitees.loadMore)
  return (
    <section aria-label={t`Invitation records`}>
      <PullNote distance={pull.distance} ready={pull.ready} />
      {pages && pages.error === null && <p className="me-count" role="status"><Trans>Invited: {sum ?? pages.list.length}</Trans></p>}
      <PagedList label={t`Invitees`} pages={pages} pending={pending} empty={<Trans>Nobody has registered with your code yet.</Trans>}
        onRetry={invitees.retry} onMore={invitees.loadMore} endRef={endRef}
        renderItem={(row) => (
          <li key={row.id} className="me-list-item">
            <span>{row.emailMasked}<br /><span className="muted">{formatDate(row.registeredAt)}</span></span>
            <span className="badge">{kycText(row.kycState)}</span>
          </li>
        )} />
    </section>
  )
}
