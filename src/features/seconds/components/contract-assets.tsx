import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { ACCOUNT_TYPES, listedRows } from '../../../contract/assets.ts'
import type { PriceListAnswer } from '../../../contract/market.ts'
import { formatValue, PLACEHOLDER } from '../../../lib/format'
import { translate } from '../../../lib/i18n'
import { useAtom } from '../../../lib/store'
import { CoinIcon } from '../../../lib/ui/coin-icon'
import { subscribeMarket } from '../../../lib/sw-bridge'
import { PRICE_LIST_TOPIC } from '../api'
import { rowValue, visibleRows } from '../account-logic'
import { hideSmallAtom } from '../atoms'
import { coin } from '../logic'
import { useContractAccount } from './use-contract-account'

/** USDT closes by coin for the converted values (spec §9), on the shared price-list poll. */
function useUsdtCloses(): Readonly<Record<string, string>> {
  const [closes, setCloses] = useState<Record<string, string>>({})
  useEffect(() => subscribeMarket(PRICE_LIST_TOPIC, (answer) => {
    const items = (answer as Partial<PriceListAnswer> | null)?.data ?? []
    setCloses(Object.fromEntries(items.filter((item) => item.quoteCoin === 'USDT').map((item) => [item.baseCoin, item.close])))
  }), [])
  return closes
}

/** The contract account's currencies (spec §3 contract asset) with the hide-small-balances toggle. */
export function ContractAssets() {
  const { t } = useLingui()
  const { rows, error, loading, reload } = useContractAccount()
  const closes = useUsdtCloses()
  const [hideSmall, setHideSmall] = useAtom(hideSmallAtom)
  const shown = rows ? visibleRows(listedRows(ACCOUNT_TYPES.contract, rows), closes, hideSmall) : null
  const reason = error instanceof Error ? translate(error.message) : ''
  return (
    <div className="seconds-assets">
      <div className="seconds-toolbar">
        <label className="checkbox">
          <input type="checkbox" checked={hideSmall} onChange={(event) => setHideSmall(event.target.checked)} />
          <Trans>Hide small balances</Trans>
        </label>
        <button type="button" className="button button--text button--small" onClick={() => void reload()} disabled={loading}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      {error !== null && (
        <p className="seconds-stale" role="alert">
          {rows ? <Trans>Could not refresh; showing the last known balances.</Trans> : <Trans>The balances could not be loaded.</Trans>} {reason}
        </p>
      )}
      {!shown && error === null && <p className="seconds-empty" role="status" aria-label={t`Loading balances`}><span className="spinner" /></p>}
      {shown && shown.length === 0 && <p className="seconds-empty" role="status"><Trans>No balances to show.</Trans></p>}
      {shown && shown.length > 0 && (
        <ul className="seconds-list" aria-label={t`Contract assets`}>
          {shown.map((row) => {
            const value = rowValue(row, closes)
            return (
              <li key={row.currencyName} className="seconds-asset">
                <strong><CoinIcon symbol={row.currencyName} />{row.currencyName}</strong>
                <dl className="seconds-asset__figures">
                  {/* The coin is the row's heading: a screen reader hears it with each figure. */}
                  <div><dt><Trans>Available</Trans></dt><dd>{coin(row.availableCurrency)}<span className="sr-only"> {row.currencyName}</span></dd></div>
                  <div><dt><Trans>Frozen</Trans></dt><dd>{coin(row.frozenCurrency)}<span className="sr-only"> {row.currencyName}</span></dd></div>
                  <div><dt><Trans>Value (USDT)</Trans></dt><dd>{value === null ? PLACEHOLDER : formatValue(value)}</dd></div>
                </dl>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
