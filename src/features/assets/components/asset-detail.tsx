import '../assets.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ACCOUNT_TYPES, CURRENCIES, type AccountTypeId, type AssetRow } from '../../../contract/assets.ts'
import { formatValue, PLACEHOLDER } from '../../../lib/format'
import { translate } from '../../../lib/i18n'
import { useAtomValue } from '../../../lib/store'
import { CoinIcon } from '../../../lib/ui/coin-icon'
import { amountsMaskedAtom, launchCoinsAtom } from '../atoms'
import { formatCoin, masked, rowValue, transferCurrencies } from '../logic'
import { FigureText } from './figure-text'
import { ACCOUNT_LABELS } from './record-labels'
import { useAccount } from './use-account'
import { useUsdtCloses } from './use-usdt-closes'

interface AssetDetailProps {
  currency: string
  account: AccountTypeId
}

/** One currency of one account (spec §2 /assert/detail/{id}): its balances and what one can do with it. */
export function AssetDetail({ currency, account }: AssetDetailProps) {
  const { t, i18n } = useLingui()
  const { rows, error, loading, reload } = useAccount(account)
  const closes = useUsdtCloses()
  const hidden = useAtomValue(amountsMaskedAtom)
  // A currency never held has no row: that is a balance of zero, not an error.
  const row: AssetRow | null = rows && (rows.find((r) => r.currencyName === currency) ?? { currencyName: currency, availableCurrency: '0', frozenCurrency: '0' })
  const show = (text: string | null) => (row ? masked(text ?? PLACEHOLDER, hidden) : PLACEHOLDER)
  const value = row && rowValue(row, closes)
  // Deposits and withdrawals are offered for the coins the platform lists, and only into spot.
  const coin = account === ACCOUNT_TYPES.spot ? CURRENCIES.find((known) => known === currency) : undefined
  const launchCoins = useAtomValue(launchCoinsAtom)
  const launched = coin === undefined && launchCoins[currency] !== undefined
  // The account's id is also the direction out of it (1 spot → contract, 2 contract → spot); a coin
  // the other account cannot hold (BTC into contract) is not offered a transfer.
  const transferable = (transferCurrencies(account, rows) as readonly string[]).includes(currency)
  return (
    <section className="card asset-detail" aria-label={t`${currency} in the ${i18n._(ACCOUNT_LABELS[account])}`}>
      <header className="asset-detail__head">
        <h2 className="asset-detail__currency">
          {launchCoins[currency]?.logo
            ? <img className="asset-row__logo" src={launchCoins[currency].logo} alt="" width={24} height={24} />
            : <CoinIcon symbol={currency} size={24} />}
          {currency}
        </h2>
        <span className="muted">{i18n._(ACCOUNT_LABELS[account])}</span>
      </header>
      {!rows && error ? (
        <div role="alert" className="asset-detail__error">
          <p><Trans>The balance could not be loaded.</Trans> {error instanceof Error ? translate(error.message) : ''}</p>
          <button type="button" className="button button--small" onClick={() => void reload()} disabled={loading}><Trans>Retry</Trans></button>
        </div>
      ) : (
        <dl className="figures" aria-busy={!rows}>
          <div><dt><Trans>Available</Trans></dt><dd><FigureText text={show(row && formatCoin(row.availableCurrency))} unit={currency} /></dd></div>
          <div><dt><Trans>Frozen</Trans></dt><dd><FigureText text={show(row && formatCoin(row.frozenCurrency))} unit={currency} /></dd></div>
          <div><dt><Trans>Value (USDT)</Trans></dt><dd className="figure-text">{show(value ? formatValue(value) : null)}</dd></div>
        </dl>
      )}
      <div className="asset-detail__actions">
        {launched ? (
          // A launched coin cannot be transferred, deposited or withdrawn: it leaves by a sale back to the launchpad pool.
          <Link to="/home/record" className="button button--primary button--small"><Trans>Sell in my subscriptions</Trans></Link>
        ) : transferable && (
          <Link to="/assert/transfer/$type" params={{ type: String(account) }} search={{ currency }} className="button button--primary button--small">
            <Trans>Transfer</Trans>
          </Link>
        )}
        {coin && (
          <>
            <Link to="/assert/recharge" search={{ currency: coin }} className="button button--small"><Trans>Deposit</Trans></Link>
            <Link to="/assert/withdrawel" search={{ currency: coin }} className="button button--small"><Trans>Withdraw</Trans></Link>
          </>
        )}
      </div>
    </section>
  )
}
