import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** The person icon in the home bar that opens the profile area (/me). */
export function ProfileButton() {
  const { t } = useLingui()
  return (
    <Link to="/me" className="icon-button" aria-label={t`Profile`}>
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </svg>
    </Link>
  )
}
