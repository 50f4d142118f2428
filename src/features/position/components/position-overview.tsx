import '../position.css'
import { Trans } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { isLoggedInAtom } from '../../../lib/session'
import { useAtomValue } from '../../../lib/store'
import { ContractHoldings } from './contract-holdings'
import { LaunchLocked } from './launch-locked'
import { SecondsRunning } from './seconds-running'
import { SpotOpenOrders } from './spot-open-orders'

/**
 * The Position tab (issue 21 item 8): the trader's open positions in one place — leveraged
 * positions, spot open orders, seconds orders running and launchpad coins still locked — each
 * with its actions and a link to its own screen. A visitor is invited to log in instead.
 */
export function PositionOverview() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  if (!loggedIn) return <SignInInvitation />
  return (
    <div className="position-overview">
      <ContractHoldings />
      <SpotOpenOrders />
      <SecondsRunning />
      <LaunchLocked />
    </div>
  )
}

/** What a visitor sees: what the tab is for, and the way in (the login comes back here). */
function SignInInvitation() {
  const here = useLocation({ select: (location) => location.href })
  return (
    <section className="position-invite">
      <h2 className="position-invite__title"><Trans>Your positions in one place</Trans></h2>
      <p className="position-invite__text muted">
        <Trans>Log in to follow your leveraged positions, open orders, seconds orders and locked launchpad coins here.</Trans>
      </p>
      <div className="position-invite__actions">
        <Link to="/login" search={{ redirect: here }} className="button button--primary button--block"><Trans>Log in</Trans></Link>
        <Link to="/register" className="button button--ghost button--block"><Trans>Register</Trans></Link>
      </div>
    </section>
  )
}
