import { Trans, useLingui } from '@lingui/react/macro'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { SecurityOverview as Overview } from '../../../contract/security.ts'
import { formatDate } from '../../../lib/format'
import { useRequest } from '../../../lib/ui/use-request'
import { allowListPhase } from '../allow-list-logic'
import { fetchSecurityOverview } from '../api'

interface Row {
  to: string
  label: ReactNode
  /** The setting's state, as the row's second line on a narrow screen. */
  detail?: ReactNode
}

const OnOff = ({ on }: { on: boolean }) => (on ? <Trans context="setting state">On</Trans> : <Trans context="setting state">Off</Trans>)

/** How the allow-list stands (as of `at`, when it was loaded): on, off, or on until an "off" takes effect. */
function AllowListDetail({ state, at: now }: { state: Overview['allowList']; at: number }) {
  const phase = allowListPhase(state, now)
  if (phase === 'off') return <Trans context="setting state">Off</Trans>
  if (phase === 'on' || state.offAt === null) return <Trans context="setting state">On</Trans>
  const at = formatDate(state.offAt)
  return <Trans>Turns off at {at}</Trans>
}

/**
 * The hub of account security (`/me/safety`): one row per part, each with its state when the
 * overview has loaded (a row still works without it: the screen behind it loads its own data).
 */
export function SecurityOverview() {
  const { t } = useLingui()
  const request = useRequest('security:overview', async () => ({ ...(await fetchSecurityOverview()), at: Date.now() }))
  const overview = request.state.status === 'ready' ? request.state.data : null
  const rows: Row[] = [
    { to: '/me/safety/two-factor', label: <Trans>Two-factor authentication</Trans>, detail: overview && <OnOff on={overview.twoFactor} /> },
    { to: '/me/safety/passkeys', label: <Trans>Passkeys</Trans>, detail: overview && String(overview.passkeys) },
    { to: '/me/safety/sessions', label: <Trans>Active sessions</Trans> },
    { to: '/me/safety/sign-ins', label: <Trans>Sign-in history</Trans> },
    { to: '/me/safety/history', label: <Trans>Security history</Trans> },
    {
      to: '/me/safety/anti-phishing',
      label: <Trans>Anti-phishing code</Trans>,
      detail: overview && (overview.antiPhishing || <Trans context="anti-phishing code">Not set</Trans>),
    },
    { to: '/me/safety/allow-list', label: <Trans>Withdrawal allow-list</Trans>, detail: overview && <AllowListDetail state={overview.allowList} at={overview.at} /> },
  ]
  return (
    <ul className="menu" aria-label={t`Account security`}>
      {rows.map((row) => (
        <li key={row.to}>
          <Link to={row.to as LinkProps['to']} className="menu__item">
            <span>{row.label}</span>
            {row.detail !== undefined && row.detail !== null && <span className="menu__detail">{row.detail}</span>}
          </Link>
        </li>
      ))}
    </ul>
  )
}
