// Spec §2 keeps two tab screens alive (/action, /account): leaving one for another tab and coming
// back finds it as it was — its account tab, its scroll, the lists it loaded — not a fresh mount.
// The router unmounts a route's component as soon as its match goes, so such a screen is drawn
// here instead, beside the root's <Outlet />, under React's <Activity>: hidden while another
// screen shows (DOM and state kept, effects such as polls stopped), visible again on return.
// A route opts in with `staticData: { keepAlive: true }` and `component: keptAlive(Screen)`; the
// screen reads its params with useKeptAliveParams(), which while hidden still answers the params
// of its last visit (the router's own hooks would answer those of the screen now showing).
import { useMatches, useRouter, type AnyRoute } from '@tanstack/react-router'
import { Activity, createContext, Suspense, useContext, useState, type ComponentType, type ReactNode } from 'react'
import { userIdAtom } from '../lib/session'
import { useAtomValue } from '../lib/store'

type Params = Readonly<Record<string, string>>
interface KeptScreen {
  routeId: string
  params: Params
}

const KeptParams = createContext<Params | null>(null)

/** The params of the kept-alive screen being drawn (frozen at their last values while it is hidden). */
export function useKeptAliveParams(): Params {
  const params = useContext(KeptParams)
  if (!params) throw new Error('useKeptAliveParams() is for screens wrapped in keptAlive()')
  return params
}

/**
 * A kept-alive screen's search: pass the route's `useSearch({ from: Route.id, shouldThrow: false })`.
 * While the route matches that is the live search; while the screen is hidden (another tab
 * showing) the router's strict hooks would throw, so it answers the search of the last visit.
 */
export function useKeptSearch<T extends object>(live: T | undefined, initial: T): T {
  const [last, setLast] = useState<T>(live ?? initial)
  if (live && JSON.stringify(live) !== JSON.stringify(last)) setLast(live)
  return live ?? last
}

/** A kept-alive route's component: drawn by <KeptAliveScreens> only; in the route's outlet it is empty. */
export function keptAlive(Screen: ComponentType): () => ReactNode {
  return function KeptAliveRoute() {
    return useContext(KeptParams) ? <Screen /> : null
  }
}

const sameParams = (a: Params, b: Params) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key])

/** Every kept-alive screen visited in this session: the current one visible, the others hidden. */
export function KeptAliveScreens() {
  const router = useRouter()
  const userId = useAtomValue(userIdAtom)
  const active = useMatches({
    select: (matches) => {
      const match = matches.findLast((candidate) => candidate.staticData.keepAlive)
      return match ? { routeId: match.routeId as string, params: match.params as Params } : null
    },
  })
  // Kept per user: another account logging in on this device must never find the last one's screen.
  const [kept, setKept] = useState<{ userId: string; screens: KeptScreen[] }>({ userId, screens: [] })
  let screens = kept.userId === userId ? kept.screens : []
  const known = active && screens.find((screen) => screen.routeId === active.routeId)
  if (active && !known) screens = [...screens, active]
  else if (active && known && !sameParams(known.params, active.params)) {
    screens = screens.map((screen) => (screen === known ? active : screen))
  }
  // Adjusting state while rendering (React's pattern for "state derived from a change"): no extra
  // commit of the old list, and it settles at once since an unchanged list is not set again.
  if (screens !== kept.screens || userId !== kept.userId) setKept({ userId, screens })

  const routes = router.routesById as unknown as Record<string, AnyRoute>
  return screens.map(({ routeId, params }) => {
    const Screen = routes[routeId]?.options.component as ComponentType | undefined
    if (!Screen) return null
    return (
      <Activity key={routeId} mode={routeId === active?.routeId ? 'visible' : 'hidden'}>
        <KeptParams value={params}>
          {/* The route's code-split chunk is loaded by the router before it matches; this is a safety net. */}
          <Suspense fallback={null}>
            <Screen />
          </Suspense>
        </KeptParams>
      </Activity>
    )
  })
}
