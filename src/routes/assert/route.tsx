import { createFileRoute } from '@tanstack/react-router'
import { loadCatalog } from '../../lib/i18n'

// Every /assert/* screen shows assets: their texts are a catalog of their own (lib/catalog-names),
// loaded before any of them renders. No component: the child screen renders in its place.
export const Route = createFileRoute('/assert')({
  loader: () => loadCatalog('assets'),
})
