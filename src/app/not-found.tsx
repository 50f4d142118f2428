import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Screen } from './screen'

export function NotFound() {
  return (
    <Screen title={<Trans>Page not found</Trans>} back>
      <section className="empty-state" role="status">
        <p className="empty-state__title">
          <Trans>This page does not exist, or it is not available in this version of the app.</Trans>
        </p>
        <Link to="/home" className="button button--primary">
          <Trans>Back to home</Trans>
        </Link>
      </section>
    </Screen>
  )
}
