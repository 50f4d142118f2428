import { Trans, useLingui } from '@lingui/react/macro'
import { RECORD_STATUS, RECORD_TYPES, type AssetRecord } from '../../../contract/assets.ts'
import { formatDate } from '../../../lib/format'
import { useAtomValue } from '../../../lib/store'
import { fetchContractRecords } from '../api'
import { ordersVersionAtom } from '../atoms'
import { coin, signedCoin, trendOf } from '../logic'
import { RECORD_STATUS_LABELS, RECORD_TYPE_LABELS } from '../../../lib/record-labels'
import { UNSETTLED } from './labels'
import { PagedList } from '../../../lib/ui/paged-list'
import { usePages } from '../../../lib/ui/use-pages'

const load = async (pageNo: number) => {
  const page = await fetchContractRecords(pageNo)
  return { list: page.list, total: page.sum }
}

/** The contract account's asset records (spec §3 asset record query), newest first, paged. */
export function ContractRecords({ version }: { version: number }) {
  const { t } = useLingui()
  // Orders and settlements move the contract account too, so they reload its records.
  const orders = useAtomValue(ordersVersionAtom)
  const records = usePages<AssetRecord>('contract-records', load, { version: `${version}:${orders}` })
  return (
    <PagedList label={t`Contract account records`} pages={records.pages} pending={records.pending} empty={<Trans>No records yet.</Trans>}
      renderItem={(record) => <RecordRow key={record.id} record={record} />} onRetry={records.retry} onMore={records.loadMore} />
  )
}

// An order's stake stays "reviewing" on the ledger until the order settles: say so in trading words.
const statusLabel = (record: AssetRecord) =>
  record.tradeType === RECORD_TYPES.contract && record.status === RECORD_STATUS.reviewing ? UNSETTLED : RECORD_STATUS_LABELS[record.status]

function RecordRow({ record }: { record: AssetRecord }) {
  const { i18n } = useLingui()
  const kind = i18n._(RECORD_TYPE_LABELS[record.tradeType])
  const returned = coin(record.actualArrival)
  return (
    <li className="seconds-record">
      <span className="seconds-record__kind">{kind} <span className="muted">{record.currency}</span></span>
      <span className={`seconds-record__amount seconds-trend--${trendOf(record.amount)}`}>{signedCoin(record.amount)}<span className="sr-only"> {record.currency}</span></span>
      <span className="seconds-record__time muted">{formatDate(record.createdAt)}</span>
      <span className="seconds-record__status muted">{i18n._(statusLabel(record))}</span>
      {/* A settled order's record keeps −stake as its amount; what came back is its actual arrival. */}
      {record.tradeType === RECORD_TYPES.contract && record.status === RECORD_STATUS.finished && (
        <span className="seconds-record__wide muted"><Trans>Returned {returned} {record.currency}</Trans></span>
      )}
    </li>
  )
}
