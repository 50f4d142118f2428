import '../../launch/launch.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { coinText, formatDate } from '../../../lib/format'
import { translate } from '../../../lib/i18n'
import { CoinLogo } from '../../launch/components/coin-logo'
import { CountdownText } from '../../launch/components/countdown-text'
import { WholeWords } from '../../launch/components/whole-words'
import { PositionSection } from './position-section'
import { useLockedHoldings } from './use-locked-holdings'

/** Launchpad coins allocated but still locked: how many, until when, and the time left. */
export function LaunchLocked() {
  const { t } = useLingui()
  const { holdings, error, retry, now } = useLockedHoldings()
  return (
    <PositionSection title={<Trans>Locked launchpad coins</Trans>} to="/home/record" linkLabel={<Trans>My subscriptions</Trans>}>
      {holdings === null && error === null && <p className="position-empty" role="status" aria-label={t`Loading locked coins`}><span className="spinner" /></p>}
      {error !== null && (
        <div className="position-stale" role="alert">
          <p><Trans>The locked coins could not be loaded.</Trans> {error instanceof Error ? translate(error.message) : ''}</p>
          <button type="button" className="button button--ghost button--small" onClick={retry}><Trans>Retry</Trans></button>
        </div>
      )}
      {holdings?.length === 0 && <p className="position-empty" role="status"><Trans>No locked coins.</Trans></p>}
      {holdings && holdings.length > 0 && (
        <ul className="position-locked" aria-label={t`Locked launchpad coins`}>
          {holdings.map((sub) => {
            // The date and time wrap between them, never inside (a browser breaks a date at its hyphens).
            const until = <WholeWords text={formatDate(sub.unlockAt)} />
            return (
              <li key={sub.id} className="launch-sub">
                <article aria-label={t`${sub.symbol} locked`}>
                  <div className="launch-card__head">
                    <CoinLogo src={sub.logo} symbol={sub.symbol} size={32} />
                    <div className="launch-card__title">
                      <strong>{coinText(sub.allocated)} {sub.symbol}</strong>
                      <span className="muted"><Trans>Locked until {until}</Trans></span>
                    </div>
                  </div>
                  <dl className="launch-figures">
                    <div><dt><Trans>Unlocks in</Trans></dt><dd><CountdownText target={sub.unlockAt} now={now} /></dd></div>
                  </dl>
                </article>
              </li>
            )
          })}
        </ul>
      )}
    </PositionSection>
  )
}
