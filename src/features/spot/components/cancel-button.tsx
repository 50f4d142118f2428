import { Trans, useLingui } from '@lingui/react/macro'
import type { SpotOrder } from '../../../contract/spot.ts'
import { formatPrice } from '../../../lib/format'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { coinText, pricePrecisionOf } from '../logic'
import { SIDE_LABELS, TYPE_LABELS } from './labels'
import { useCancelOrder } from './use-cancel-order'

/** An open or untriggered order's Cancel, behind a confirmation that restates the order. */
export function CancelButton({ order }: { order: SpotOrder }) {
  const { i18n } = useLingui()
  const cancelling = useCancelOrder()
  const precision = pricePrecisionOf(order.symbol)
  return (
    <>
      <button type="button" className="button button--danger button--small" onClick={() => cancelling.review(order)} disabled={cancelling.busy}>
        <Trans context="cancel a spot order">Cancel</Trans>
      </button>
      {cancelling.request && (
        <ConfirmSheet title={<Trans>Cancel this order?</Trans>} confirmLabel={<Trans>Cancel order</Trans>} cancelLabel={<Trans>Keep order</Trans>}
          danger busy={cancelling.busy} onConfirm={cancelling.confirm} onCancel={cancelling.cancel}>
          <dl className="spot-summary">
            <div><dt><Trans>Pair</Trans></dt><dd>{order.base}/{order.quote}</dd></div>
            <div><dt><Trans>Order</Trans></dt><dd>{i18n._(SIDE_LABELS[order.side])} · {i18n._(TYPE_LABELS[order.type])}</dd></div>
            {order.triggerPrice && <div><dt><Trans>Trigger price</Trans></dt><dd>{formatPrice(order.triggerPrice, precision)}</dd></div>}
            {order.price && <div><dt><Trans>Price</Trans></dt><dd>{formatPrice(order.price, precision)} {order.quote}</dd></div>}
            <div><dt><Trans>Filled</Trans></dt><dd>{coinText(order.filled)} / {coinText(order.amount)} {order.base}</dd></div>
          </dl>
          <p className="spot-note"><Trans>What has filled stays filled; the rest is returned to your available balance.</Trans></p>
        </ConfirmSheet>
      )}
    </>
  )
}
