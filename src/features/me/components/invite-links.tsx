import { Trans, useLingui } from '@lingui/react/macro'
import { CopyButton } from './copy-button'

/** The invitation code and the registration link that carries it, each with Copy. */
export function InviteLinks({ code, link }: { code: string; link: string }) {
  const { t } = useLingui()
  return (
    <dl className="card me-rows" aria-label={t`Invitation`}>
      <div className="me-row"><dt><Trans>Invitation code</Trans></dt><dd>{code}<CopyButton text={code} label={t`Copy the invitation code`} /></dd></div>
      <div className="me-row"><dt><Trans>Invitation link</Trans></dt><dd><CopyButton text={link} label={t`Copy the invitation link`} /></dd></div>
      <p className="me-link">{link}</p>
    </dl>
  )
}
