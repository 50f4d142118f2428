import { Trans, useLingui } from '@lingui/react/macro'
import { listedRows, type AccountTypeId } from '../../../contract/assets.ts'
import { translate } from '../../../lib/i18n'
import { useAtom, useAtomValue } from '../../../lib/store'
import { amountsMaskedAtom, hideSmallAtom, type AccountState } from '../atoms'
import { visibleRows } from '../logic'
import { AssetRowItem } from './asset-row'

interface AssetListProps {
  type: AccountTypeId
  state: AccountState
  closes: Readonly<Record<string, string>>
  onRefresh: () => void
}

const reason = (error: unknown) => (error instanceof Error ? translate(error.message) : '')

/** The account's currencies with the hide-small-balances toggle (spec §9: 0.1 USDT or less hidden). */
export function AssetList({ type, state, closes, onRefresh }: AssetListProps) {
  const { t } = useLingui()
  const [hideSmall, setHideSmall] = useAtom(hideSmallAtom)
  const hidden = useAtomValue(amountsMaskedAtom)
  const { rows, error, loading } = state
  let body
  if (rows === null && error) {
    body = (
      <section className="empty-state" role="alert" aria-label={t`Assets unavailable`}>
        <p><Trans>The assets could not be loaded.</Trans> {reason(error)}</p>
        <button type="button" className="button button--primary button--small" onClick={onRefresh} disabled={loading}>
          <Trans>Retry</Trans>
        </button>
      </section>
    )
  } else if (rows === null) {
    body = (
      <div className="skeleton-rows" role="status" aria-label={t`Loading assets`}>
        {[0, 1, 2].map((index) => (
          <div key={index} className="skeleton-rows__row" aria-hidden="true">
            <span className="skeleton skeleton--text" /><span className="skeleton skeleton--value" />
          </div>
        ))}
      </div>
    )
  } else {
    // Only what the account can hold (and anything left in it), whichever answer the rows came from.
    const shown = visibleRows(listedRows(type, rows), closes, hideSmall)
    body = shown.length === 0 ? (
      <p className="empty-state" role="status">
        {rows.length === 0 ? <Trans>No assets in this account yet.</Trans> : <Trans>Only small balances, which are hidden.</Trans>}
      </p>
    ) : (
      <ul className="asset-list" aria-label={type === 1 ? t`Spot assets` : t`Contract assets`}>
        {shown.map((row) => <AssetRowItem key={row.currencyName} row={row} account={type} closes={closes} hidden={hidden} />)}
      </ul>
    )
  }
  return (
    <section className="asset-list-card">
      <div className="asset-toolbar">
        <label className="checkbox">
          <input type="checkbox" checked={hideSmall} onChange={(event) => setHideSmall(event.target.checked)} />
          <Trans>Hide small balances</Trans>
        </label>
        <button type="button" className="button button--text button--small" onClick={onRefresh} disabled={loading} aria-busy={loading}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      {rows !== null && error !== null && (
        <p className="asset-toolbar__stale" role="alert"><Trans>The list could not be refreshed.</Trans> {reason(error)}</p>
      )}
      {body}
    </section>
  )
}
