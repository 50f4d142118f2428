import { createFileRoute, redirect } from '@tanstack/react-router'
import { lastTradeScreenAtom, tradeTabTarget } from '../../app/last-trade-screen'
import { isLoggedInAtom } from '../../lib/session'
import { store } from '../../lib/store'

// Spec §2: /action (the Trade tab) redirects to spot trading — or to the Trade screen the user
// last had open, with its pair (app/last-trade-screen), so the tab comes back where it was left.
export const Route = createFileRoute('/action/')({
  beforeLoad: () => {
    const { to, search } = tradeTabTarget(store.get(lastTradeScreenAtom), store.get(isLoggedInAtom))
    throw redirect({ to, search, replace: true })
  },
})
