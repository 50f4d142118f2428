import { Trans, useLingui } from '@lingui/react/macro'
import { ORDER_SIDES, type OrderSide } from '../../../contract/spot.ts'
import type { SpotSide } from '../pair-search'

/** Buy | Sell at the top of the form: the side is the screen's (its URL's), so Back and a reload keep it. */
export function SideSwitch({ side, onChange }: { side: OrderSide; onChange: (side: SpotSide) => void }) {
  const { t } = useLingui()
  return (
    <div className="spot-sides" role="group" aria-label={t`Side`}>
      <button type="button" className="spot-sides__buy" aria-pressed={side === ORDER_SIDES.buy} onClick={() => onChange('buy')}>
        <Trans context="spot order side">Buy</Trans>
      </button>
      <button type="button" className="spot-sides__sell" aria-pressed={side === ORDER_SIDES.sell} onClick={() => onChange('sell')}>
        <Trans context="spot order side">Sell</Trans>
      </button>
    </div>
  )
}
