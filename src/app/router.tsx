import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'
import { NotFound } from './not-found'

export const router = createRouter({
  routeTree,
  basepath: '/mobile',
  defaultNotFoundComponent: NotFound,
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
  }
}

export type TabName = 'home' | 'market' | 'trade' | 'position' | 'assets'
