import { Trans, useLingui } from '@lingui/react/macro'
import type { AssetRow } from '../../../contract/assets.ts'
import { formatValue, PLACEHOLDER } from '../../../lib/format'
import { useAtom } from '../../../lib/store'
import { amountsMaskedAtom } from '../atoms'
import { accountTotal, masked } from '../logic'
import { FigureText } from './figure-text'

interface AssetSummaryProps {
  rows: readonly AssetRow[] | null
  closes: Readonly<Record<string, string>>
}

/** Total assets in USDT (spec §9) and the eye toggle that masks every amount on the asset screens. */
export function AssetSummary({ rows, closes }: AssetSummaryProps) {
  const { t } = useLingui()
  const [hidden, setHidden] = useAtom(amountsMaskedAtom)
  const total = rows ? accountTotal(rows, closes) : null
  return (
    <section className="asset-summary" aria-label={t`Total assets`}>
      <div className="asset-summary__head">
        <h2 className="asset-summary__label"><Trans>Total assets (USDT)</Trans></h2>
        <button type="button" className="icon-button icon-button--small" aria-pressed={hidden} aria-label={t`Hide amounts`}
          onClick={() => setHidden(!hidden)}>
          <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
            {hidden ? <path d="M4 4l16 16" /> : <circle cx="12" cy="12" r="3" />}
          </svg>
        </button>
      </div>
      <p className="asset-summary__total" data-testid="asset-total">
        <FigureText text={masked(total === null ? PLACEHOLDER : formatValue(total), hidden)} unit="USDT" />
      </p>
    </section>
  )
}
