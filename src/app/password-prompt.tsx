// The step-up dialog (architecture §4): a call that moves money or changes security, made a while
// after the login password was last given, is answered code -3, and the api client asks here for
// the password (askPassword, its hook, wired in start.ts). The dialog (password-dialog.tsx, loaded
// only when first needed: it is no part of the first visit's budget) checks it with the server
// through the `submit` the client hands over (no fetch here), shows a refusal in place, and closes
// once it is accepted (the client then sends the call again) or cancelled (the call fails with the
// server's message, which the caller's toast shows). One at a time: the client makes every call
// that meets -3 meanwhile wait for the same dialog.
import { lazy, Suspense, useEffect } from 'react'
import { isLoggedInAtom } from '../lib/session'
import { atom, store, useAtomValue } from '../lib/store'
import type { PasswordRequest } from './password-dialog'

const PasswordDialog = lazy(() => import('./password-dialog').then((module) => ({ default: module.PasswordDialog })))

const requestAtom = atom<PasswordRequest | null>(null)

/** The api client's askPassword hook: opens the dialog; true once a password was accepted. */
export function askPassword(_message: string, submit: (password: string) => Promise<void>): Promise<boolean> {
  return new Promise((resolve) => {
    const request: PasswordRequest = {
      submit,
      finish: (confirmed) => {
        if (store.get(requestAtom) === request) store.set(requestAtom, null)
        resolve(confirmed)
      },
    }
    // The client asks one at a time; a request left open (never, but) is cancelled, not lost.
    store.get(requestAtom)?.finish(false)
    store.set(requestAtom, request)
  })
}

/** Mounted once by the root route; draws the dialog while a password is asked for. */
export function PasswordPrompt() {
  const request = useAtomValue(requestAtom)
  const loggedIn = useAtomValue(isLoggedInAtom)
  // Signed out meanwhile (the session expired elsewhere): nothing to confirm any more.
  useEffect(() => {
    if (request && !loggedIn) request.finish(false)
  }, [request, loggedIn])
  if (!request || !loggedIn) return null
  return (
    <Suspense fallback={null}>
      <PasswordDialog request={request} />
    </Suspense>
  )
}
