import { createFileRoute } from '@tanstack/react-router'
import { loadCatalog } from '../../lib/i18n'
import { requireLogin } from '../../app/guards'

// The Assets tab (spec §2, tab 4): every account screen needs a session.
export const Route = createFileRoute('/account')({
  beforeLoad: requireLogin,
  // The asset screens' texts are a catalog of their own (lib/catalog-names), loaded before they render.
  loader: () => loadCatalog('assets'),
  staticData: { tab: 'assets' },
})
