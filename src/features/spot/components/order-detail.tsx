import { Trans, useLingui } from '@lingui/react/macro'
import type { SpotOrder } from '../../../contract/spot.ts'
import { formatDate, formatPrice, PLACEHOLDER } from '../../../lib/format'
import { translate } from '../../../lib/i18n'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchOrderDetail } from '../api'
import { coinText, pricePrecisionOf } from '../logic'
import { FillList } from './fill-list'

/**
 * An order's detail (the order call): average price, total fee, when a stop-limit triggered and at
 * what price, and every fill. Loaded again when the order changes (a new fill moves updatedAt).
 */
export function OrderDetail({ id, order }: { id: string; order: SpotOrder }) {
  const { t } = useLingui()
  const detail = useRequest(`spot-order:${order.id}:${order.updatedAt}`, () => fetchOrderDetail(order.id))
  const precision = pricePrecisionOf(order.symbol)
  if (detail.state.status === 'loading') {
    return <p id={id} className="spot-order__detail muted" role="status" aria-label={t`Loading order details`}><span className="spinner" /></p>
  }
  if (detail.state.status === 'error') {
    const reason = detail.state.error instanceof Error ? translate(detail.state.error.message) : ''
    return (
      <div id={id} className="spot-order__detail spot-note spot-note--warn" role="alert">
        <Trans>The order details could not be loaded.</Trans> {reason}{' '}
        <button type="button" className="button button--text button--small" onClick={detail.reload}><Trans>Retry</Trans></button>
      </div>
    )
  }
  const full = detail.state.data
  return (
    <div id={id} className="spot-order__detail" aria-label={t`Order details`} role="region">
      <dl className="spot-summary">
        <div><dt><Trans>Average price</Trans></dt><dd>{full.avgPrice ? `${formatPrice(full.avgPrice, precision)} ${full.quote}` : PLACEHOLDER}</dd></div>
        <div><dt><Trans>Filled</Trans></dt><dd>{coinText(full.filled)} {full.base}</dd></div>
        <div><dt><Trans>Traded value</Trans></dt><dd>{coinText(full.filledQuote)} {full.quote}</dd></div>
        <div><dt><Trans>Total fee</Trans></dt><dd>{coinText(full.fee)} {full.quote}</dd></div>
        {full.triggerPrice && (
          <div>
            <dt><Trans>Triggered</Trans></dt>
            <dd>{full.triggeredAt === null ? <Trans>Not yet</Trans> : `${formatDate(full.triggeredAt)} @ ${formatPrice(full.triggeredPrice, precision)}`}</dd>
          </div>
        )}
      </dl>
      <FillList fills={full.fills} precision={precision} base={full.base} quote={full.quote} />
    </div>
  )
}
