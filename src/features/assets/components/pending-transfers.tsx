import '../assets.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { ACCOUNT_TYPES, type TransferType } from '../../../contract/assets.ts'
import { useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { dismissQueuedTransfer, watchQueuedTransfers, type QueuedTransfer } from '../api'
import { loadAccountAtom } from '../atoms'
import { formatCoin, transferAccounts } from '../logic'
import { ACCOUNT_LABELS } from './record-labels'

/**
 * Transfers waiting in the outbox (made offline, or whose answer was lost), and those the server
 * refused when they were sent, until dismissed. When one arrives both balances are reloaded.
 */
export function PendingTransfers() {
  const { t, i18n } = useLingui()
  const load = useSetAtom(loadAccountAtom)
  const [entries, setEntries] = useState<QueuedTransfer[]>([])
  useEffect(() => watchQueuedTransfers(setEntries, (change) => {
    if (change.outcome === 'kept') return
    if (change.outcome === 'sent') toast.success('c_a_transferSuc')
    void Promise.allSettled([load(ACCOUNT_TYPES.spot), load(ACCOUNT_TYPES.contract)])
  }), [load])
  if (entries.length === 0) return null
  return (
    <section className="card pending-transfers" aria-label={t`Pending transfers`}>
      <ul className="address-list">
        {entries.map((entry) => {
          const { from, to } = transferAccounts(Number(entry.body.type) as TransferType)
          const refused = entry.state === 'refused'
          return (
            <li key={entry.id} className="notice notice--warning" aria-label={t`Transfer of ${formatCoin(entry.body.amount ?? '')} ${entry.body.currency ?? ''}`}>
              <span>{formatCoin(entry.body.amount ?? '')} {entry.body.currency} · {i18n._(ACCOUNT_LABELS[from])} → {i18n._(ACCOUNT_LABELS[to])}</span>
              {refused ? (
                <>
                  <span role="alert"><Trans>Refused: {i18n._(entry.lastError ?? '')}</Trans></span>
                  <button type="button" className="button button--text button--small" onClick={() => void dismissQueuedTransfer(entry.id)}>
                    <Trans>Dismiss</Trans>
                  </button>
                </>
              ) : entry.notBefore > 0 ? (
                // The page is sending it itself right now (it may be asking for the password first);
                // the hold is released when it hands the entry to the worker (lib/outbox.ts handOver).
                <span className="muted"><Trans>Sending…</Trans></span>
              ) : (
                <span className="muted"><Trans>Pending: it will be sent when the network is back</Trans></span>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
