import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment } from 'react'
import { linkParts } from '../logic'
import { CopyButton } from './copy-button'

/** The invitation code and the registration link that carries it, each with Copy. */
export function InviteLinks({ code, link }: { code: string; link: string }) {
  const { t } = useLingui()
  return (
    <dl className="card me-rows" aria-label={t`Invitation`}>
      <div className="me-row"><dt><Trans>Invitation code</Trans></dt><dd><span className="me-nowrap">{code}</span><CopyButton text={code} label={t`Copy the invitation code`} /></dd></div>
      {/* The link is a second value of its term (a <dl> holds only terms and values): under the Copy button. */}
      <div className="me-row">
        <dt><Trans>Invitation link</Trans></dt>
        <dd><CopyButton text={link} label={t`Copy the invitation link`} /></dd>
        <dd className="me-link">{linkParts(link).map((part, index) => <Fragment key={index}>{part}<wbr /></Fragment>)}</dd>
      </div>
    </dl>
  )
}
