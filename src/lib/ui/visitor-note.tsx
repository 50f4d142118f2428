import './visitor-note.css'
import { Trans } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { isLoggedInAtom } from '../session'
import { useAtomValue } from '../store'

/** Spec §6: visitors see the market but trade only once logged in; the login comes back here. */
export function VisitorNote() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const here = useLocation({ select: (location) => location.href })
  if (loggedIn) return null
  return (
    <p className="visitor-note">
      <Trans>
        <Link to="/login" search={{ redirect: here }}>Log in</Link> or <Link to="/register">register</Link> to trade.
      </Trans>
    </p>
  )
}
