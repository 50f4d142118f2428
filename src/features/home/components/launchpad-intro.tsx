import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { coinText } from '../../../lib/format'
import { isLoggedInAtom } from '../../../lib/session'
import { useAtomValue } from '../../../lib/store'

/** The launchpad blurb of spec §1 and §9: presentation text, the same for everyone. */
export function LaunchpadIntro() {
  const { t } = useLingui()
  const loggedIn = useAtomValue(isLoggedInAtom)
  const facts = [
    { figure: '10%', text: t`fee on every token sale: 2.5% is burned and 7.5% goes to stakers` },
    { figure: '25%', text: t`burn fee when you unstake early` },
    { figure: t`21 days`, text: t`of waiting, after which unstaking costs no fee` },
    { figure: `$${coinText('55500')}`, text: t`initial market cap` },
  ]
  return (
    <section className="launchpad" aria-labelledby="launchpad-title">
      <div className="launchpad__hero">
        <h2 id="launchpad-title"><Trans>A deflationary launchpad</Trans></h2>
        <p>
          <Trans>
            Every sale burns part of the supply and rewards the holders who stake, so the tokens launched here grow
            scarcer the more they trade.
          </Trans>
        </p>
        {!loggedIn && (
          <div className="launchpad__actions">
            <Link to="/register" className="button button--primary"><Trans>Register</Trans></Link>
            <Link to="/login" className="button button--ghost"><Trans>Log in</Trans></Link>
          </div>
        )}
      </div>
      <ul className="facts">
        {facts.map((fact) => (
          <li key={fact.figure} className="facts__item">
            <strong className="facts__figure">{fact.figure}</strong>
            <span>{fact.text}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
