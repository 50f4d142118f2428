import { Trans, useLingui } from '@lingui/react/macro'
import { coinText, formatDate, PLACEHOLDER } from '../../../lib/format'
import type { Subscription } from '../model'
import { subscriptionFunds } from '../subscription-logic'
import { CoinLogo } from './coin-logo'
import { CountdownText } from './countdown-text'
import { PHASE_LABELS, TAG_LABELS } from './labels'
import { WholeWords } from './whole-words'

interface SubscriptionRowProps {
  subscription: Subscription
  now: number
  onSell: (subscription: Subscription) => void
}

const amount = (value: string | null, unit: string) => (value === null ? PLACEHOLDER : `${coinText(value)} ${unit}`)

/**
 * One subscription (spec §4): its phase and tag — LOCKED with the time left until unlock, HOLD
 * with Sell, SELLED — and what was subscribed, allocated and refunded. Its USDT reads as the ledger
 * has it (subscription-logic.ts): frozen while joining, then paid and refunded — never still frozen.
 */
export function SubscriptionRow({ subscription: sub, now, onSell }: SubscriptionRowProps) {
  const { i18n } = useLingui()
  const locked = sub.tag === 'LOCKED' && now < sub.unlockAt
  const funds = subscriptionFunds(sub)
  return (
    <li className="launch-sub">
      <div className="launch-card__head">
        <CoinLogo src={sub.logo} symbol={sub.symbol} size={32} />
        <div className="launch-card__title">
          <strong>{sub.symbol}</strong>
          <span className="muted"><WholeWords text={formatDate(sub.createdAt)} /></span>
        </div>
        <span className={`launch-phase launch-phase--${sub.phase}`}>{i18n._(PHASE_LABELS[sub.phase])}</span>
        {sub.tag && <span className={`launch-tag launch-tag--${sub.tag.toLowerCase()}`}>{i18n._(TAG_LABELS[sub.tag])}</span>}
      </div>
      <dl className="launch-figures">
        <div><dt><Trans>Subscribed</Trans></dt><dd>{amount(sub.quantity, sub.symbol)}</dd></div>
        {funds.state === 'frozen' ? (
          <div><dt><Trans>Frozen</Trans></dt><dd>{amount(funds.frozen, 'USDT')}</dd></div>
        ) : (
          <div><dt><Trans context="launch subscription: USDT spent on the allocated coins">Paid</Trans></dt><dd>{amount(funds.paid, 'USDT')}</dd></div>
        )}
        <div><dt><Trans>Allocated</Trans></dt><dd>{amount(sub.allocated, sub.symbol)}</dd></div>
        <div><dt><Trans>Refunded</Trans></dt><dd>{amount(funds.state === 'settled' ? funds.refunded : null, 'USDT')}</dd></div>
        {sub.sold !== '0' && <div><dt><Trans>Sold</Trans></dt><dd>{amount(sub.sold, sub.symbol)}</dd></div>}
        {sub.sold !== '0' && <div><dt><Trans>Proceeds after fees</Trans></dt><dd>{amount(sub.proceeds, 'USDT')}</dd></div>}
        {locked && <div><dt><Trans>Unlocks in</Trans></dt><dd><CountdownText target={sub.unlockAt} now={now} /></dd></div>}
      </dl>
      {sub.tag === 'HOLD' && sub.sellable !== '0' && (
        <button type="button" className="button button--ghost button--small" onClick={() => onSell(sub)}>
          <Trans>Sell {coinText(sub.sellable)} {sub.symbol}</Trans>
        </button>
      )}
    </li>
  )
}
