import { Link, type LinkProps } from '@tanstack/react-router'

/** A nav bar's way to a record screen (spot orders, seconds orders, contract positions): a document icon named by `label`. */
export function RecordLink({ to, label }: { to: LinkProps['to']; label: string }) {
  return (
    <Link to={to} className="icon-button" aria-label={label}>
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round"
        strokeLinejoin="round" aria-hidden="true">
        <path d="M7 3h8l4 4v14H7z" /><path d="M15 3v4h4M10 12h6M10 16h6" />
      </svg>
    </Link>
  )
}
