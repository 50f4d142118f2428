import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** The nav bar's way to the spot order history (/trade/record). */
export function RecordLink() {
  const { t } = useLingui()
  return (
    <Link to="/trade/record" className="icon-button" aria-label={t`Spot order history`}>
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round"
        strokeLinejoin="round" aria-hidden="true">
        <path d="M7 3h8l4 4v14H7z" /><path d="M15 3v4h4M10 12h6M10 16h6" />
      </svg>
    </Link>
  )
}
