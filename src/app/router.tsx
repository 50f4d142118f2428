import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'
import { NotFound } from './not-found'
import { RouteError } from './route-error'

export const router = createRouter({
  routeTree,
  basepath: '/mobile',
  defaultNotFoundComponent: NotFound,
  // A chunk that fails to load is retried, then reported (spec §8).
  defaultErrorComponent: RouteError,
  defaultPreload: 'intent',
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
  // Which bottom tab a screen belongs to; screens without one hide the tab bar (spec §2).
  interface StaticDataRouteOption {
    tab?: TabName
    /** Spec §2's kept-alive tab screens: drawn by app/keep-alive.tsx, hidden rather than unmounted. */
    keepAlive?: boolean
  }
}

export type TabName = 'home' | 'market' | 'trade' | 'position' | 'assets'
