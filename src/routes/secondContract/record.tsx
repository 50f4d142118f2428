import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { loadCatalog } from '../../lib/i18n'
import { Screen } from '../../app/screen'
import { OrderSection } from '../../features/seconds/components/order-section'

// Spec §2: the full-page seconds order history, every pair; no tab (a record screen, tab index -1).
// It opens on the settled orders (the history); the open ones still count down and settle here.
export const Route = createFileRoute('/secondContract/record')({
  beforeLoad: requireLogin,
  // The seconds screens' texts are a catalog of their own (lib/catalog-names), loaded before they render.
  loader: () => loadCatalog('seconds'),
  component: RecordScreen,
})

function RecordScreen() {
  return (
    <Screen title={<Trans>Seconds contract orders</Trans>} back>
      <OrderSection initialTab="settled" />
    </Screen>
  )
}
