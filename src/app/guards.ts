import { redirect } from '@tanstack/react-router'
import { isLoggedInAtom } from '../lib/session'
import { store } from '../lib/store'

/** beforeLoad of screens that need a session: visitors go to /login and come back after. */
export function requireLogin({ location }: { location: { href: string } }): void {
  if (!store.get(isLoggedInAtom)) {
    throw redirect({ to: '/login', search: { redirect: location.href } })
  }
}
