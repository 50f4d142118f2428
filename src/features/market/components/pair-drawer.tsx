import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type KeyboardEvent, type SyntheticEvent } from 'react'
import { DEFAULT_QUOTE, PAIR_CATALOGUE, type QuoteCoin } from '../../../contract/market.ts'
import { useAtomValue } from '../../../lib/store'
import { quoteListFamily } from '../atoms'
import { drawerQuotes, type DrawerType } from '../logic'
import { DrawerPairRow } from './drawer-pair-row'
import { ListEmpty, ListError, SkeletonRows } from './list-status'
import { QuoteTabs } from './quote-tabs'
import { useModalDialog } from '../../../lib/ui/use-modal-dialog'
import { useQuoteDetails } from './use-quote-details'

interface PairDrawerProps {
  /** Spec §2: 1 opens the chart, 2 spot trading, 3 contract trading (USDT pairs only); 4 seconds contracts (USDT). */
  type: DrawerType
  open: boolean
  onClose: () => void
}

/** The left drawer of spec §2. Closed, it renders nothing and polls nothing. */
export function PairDrawer({ type, open, onClose }: PairDrawerProps) {
  return open ? <DrawerDialog type={type} onClose={onClose} /> : null
}

function DrawerDialog({ type, onClose }: Omit<PairDrawerProps, 'open'>) {
  const { t } = useLingui()
  const titleId = useId()
  const ref = useModalDialog()
  const quotes = drawerQuotes(type)
  const [quote, setQuote] = useState<QuoteCoin>(DEFAULT_QUOTE)
  useQuoteDetails(quote)
  // Escape is the dialog's own "cancel"; it is handled here so the parent's `open` stays the truth.
  const cancel = (event: SyntheticEvent) => {
    event.preventDefault()
    onClose()
  }
  const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && cancel(event)
  return (
    <dialog ref={ref} className="pair-drawer" aria-modal="true" aria-labelledby={titleId} onCancel={cancel} onKeyDown={onKeyDown}>
      <div className="pair-drawer__backdrop" onClick={onClose} aria-hidden="true" />
      <div className="pair-drawer__panel">
        <header className="pair-drawer__head">
          <h2 id={titleId}><Trans>Pairs</Trans></h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t({ message: 'Close', context: 'closes the drawer; not the close price' })} data-autofocus>
            <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </header>
        {quotes.length > 1 && <QuoteTabs quotes={quotes} value={quote} onChange={setQuote} label={t`Quote currency`} />}
        <DrawerPairs quote={quote} type={type} onChosen={onClose} />
      </div>
    </dialog>
  )
}

function DrawerPairs({ quote, type, onChosen }: { quote: QuoteCoin; type: DrawerType; onChosen: () => void }) {
  const { t } = useLingui()
  const { state, symbols } = useAtomValue(quoteListFamily(quote))
  if (state === 'loading') return <SkeletonRows count={PAIR_CATALOGUE[quote].length} label={t`Loading pairs`} />
  if (state === 'error') return <ListError quote={quote} />
  if (symbols.length === 0) return <ListEmpty />
  return (
    <ul className="pair-drawer__list" aria-label={t`${quote} pairs`}>
      {symbols.map((symbol) => <DrawerPairRow key={symbol} symbol={symbol} type={type} onChosen={onChosen} />)}
    </ul>
  )
}
