import { Trans, useLingui } from '@lingui/react/macro'
import type { AssetRecord } from '../../../contract/assets.ts'
import { formatDate } from '../../../lib/format'
import { formatCoin, masked } from '../logic'
import { RECORD_STATUS_LABELS, RECORD_TYPE_LABELS } from '../../../lib/record-labels'
import { recordText } from '../record-text'
import { FigureText } from './figure-text'

const STATUS_CLASS = { 0: 'reviewing', 1: 'finished', 2: 'rejected' } as const

/** One asset record with every field of spec §3: amount, fee, actual arrival, status, remark, info (in the reader's language), time. */
export function RecordItem({ record, hidden = false }: { record: AssetRecord; hidden?: boolean }) {
  const { i18n } = useLingui()
  const { currency, amount, fee, actualArrival, status, remark, createdAt } = record
  // The server's facts in the reader's words (record-text); an older row's own text as written.
  const info = recordText(record, i18n)
  return (
    <article className="record" aria-label={`${i18n._(RECORD_TYPE_LABELS[record.tradeType])} ${currency}`}>
      <header className="record__head">
        <strong>{currency}</strong>
        <span className="muted">{i18n._(RECORD_TYPE_LABELS[record.tradeType])}</span>
        <span className={`record__status record__status--${STATUS_CLASS[status]}`}>{i18n._(RECORD_STATUS_LABELS[status])}</span>
      </header>
      <dl className="record__figures">
        <div><dt><Trans>Amount</Trans></dt><dd><FigureText text={masked(formatCoin(amount), hidden)} unit={currency} /></dd></div>
        <div><dt><Trans>Fee</Trans></dt><dd><FigureText text={masked(formatCoin(fee), hidden)} unit={currency} /></dd></div>
        <div>
          <dt><Trans>Actual arrival</Trans></dt>
          {/* An exchange arrives in another currency, which is then named beside the figure. */}
          {record.arrivalCurrency && record.arrivalCurrency !== currency
            ? <dd><span className="figure-text">{masked(formatCoin(actualArrival), hidden)} {record.arrivalCurrency}</span></dd>
            : <dd><FigureText text={masked(formatCoin(actualArrival), hidden)} unit={currency} /></dd>}
        </div>
        <div><dt><Trans>Time</Trans></dt><dd><DateTimeText text={formatDate(createdAt)} /></dd></div>
        {remark && <div className="record__wide"><dt><Trans>Remark</Trans></dt><dd>{remark}</dd></div>}
        {info && <div className="record__wide"><dt><Trans>Info</Trans></dt><dd>{info}</dd></div>}
      </dl>
    </article>
  )
}

/** "2026-11-19 15:14:49" may wrap between the date and the time, never inside either. */
function DateTimeText({ text }: { text: string }) {
  const [date, ...time] = text.split(' ')
  return time.length === 0 ? <span className="figure-text">{text}</span> : (
    <><span className="figure-text">{date}</span> <span className="figure-text">{time.join(' ')}</span></>
  )
}
