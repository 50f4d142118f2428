import '../me.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { isAppLocale, LOCALE_NAMES } from '../../../lib/i18n'
import { useAtomValue } from '../../../lib/store'
import { customerServiceAtom } from '../atoms'
import { externalLinkTarget, unreadBadge } from '../logic'
import { useUnread } from './use-unread'
import { EmailText } from './email-text'

interface Entry {
  to: string
  label: ReactNode
  detail?: ReactNode
}

function MenuGroup({ entries, label }: { entries: Entry[]; label: string }) {
  return (
    <ul className="menu" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.to}>
          <Link to={entry.to as LinkProps['to']} className="menu__item">
            <span>{entry.label}</span>
            <span className="menu__detail">{entry.detail}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** Every entry of the profile area (spec §2), grouped as a trader looks for them. */
export function MeMenu() {
  const { t, i18n } = useLingui()
  const service = useAtomValue(customerServiceAtom)
  const unread = useUnread()
  const language = isAppLocale(i18n.locale) ? LOCALE_NAMES[i18n.locale] : ''
  const account: Entry[] = [
    { to: '/me/profile', label: <Trans>Personal information</Trans> },
    { to: '/me/safety', label: <Trans>Security centre</Trans> },
    { to: '/me/verify', label: <Trans>Identity verification</Trans> },
    {
      to: '/me/message',
      label: <Trans>Messages</Trans>,
      detail: unread ? <span className="me-menu-badge" aria-label={t`${unread} unread`}>{unreadBadge(unread)}</span> : undefined,
    },
  ]
  const invite: Entry[] = [
    { to: '/me/share', label: <Trans>Invite friends</Trans> },
    { to: '/me/share-record', label: <Trans>Invitation records</Trans> },
  ]
  const about: Entry[] = [
    { to: '/me/lang', label: <Trans>Language</Trans>, detail: language },
    { to: '/me/help', label: <Trans>Help centre</Trans> },
    { to: '/me/contact', label: <Trans>Contact us</Trans>, detail: service?.email ? <EmailText email={service.email} /> : undefined },
    { to: '/me/mPdf', label: <Trans>White paper</Trans> },
    { to: '/me/about', label: <Trans>About us</Trans> },
  ]
  return (
    <nav className="menus" aria-label={t`Profile menu`}>
      <MenuGroup entries={account} label={t`Account`} />
      <MenuGroup entries={invite} label={t`Invite`} />
      <MenuGroup entries={about} label={t`About`} />
      {service?.link && (
        <ul className="menu">
          <li>
            <a className="menu__item" href={service.link} target={externalLinkTarget(navigator.userAgent)} rel="noopener noreferrer">
              <span><Trans>Online customer service</Trans></span>
              <span className="menu__detail">↗</span>
            </a>
          </li>
        </ul>
      )}
    </nav>
  )
}
