// The two-factor dialog (architecture §4), the twin of password-prompt.tsx: with two-factor codes
// on, a withdrawal, a new withdrawal address, a password change or a security change is answered
// code -4, and the api client asks here for a code (askCode, its hook, wired in start.ts). The
// dialog (code-dialog.tsx, loaded only when first needed) checks it with the server through the
// `submit` the client hands over, shows a refusal in place, and closes once it is accepted (the
// client then sends the call again) or cancelled (the call fails with the server's message, which
// the caller's toast shows). One at a time: the client queues the asks.
import { lazy, Suspense, useEffect } from 'react'
import { isLoggedInAtom } from '../lib/session'
import { atom, store, useAtomValue } from '../lib/store'
import type { CodeRequest } from './code-dialog'

const CodeDialog = lazy(() => import('./code-dialog').then((module) => ({ default: module.CodeDialog })))

const requestAtom = atom<CodeRequest | null>(null)
let asks = 0

/** The api client's askCode hook: opens the dialog; true once a code was accepted. */
export function askCode(_message: string, submit: (code: string) => Promise<void>): Promise<boolean> {
  return new Promise((resolve) => {
    const request: CodeRequest = {
      id: ++asks,
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

/** Mounted once by the root route; draws the dialog while a code is asked for. */
export function CodePrompt() {
  const request = useAtomValue(requestAtom)
  const loggedIn = useAtomValue(isLoggedInAtom)
  // Signed out meanwhile (the session expired elsewhere): nothing to confirm any more.
  useEffect(() => {
    if (request && !loggedIn) request.finish(false)
  }, [request, loggedIn])
  if (!request || !loggedIn) return null
  return (
    <Suspense fallback={null}>
      <CodeDialog key={request.id} request={request} />
    </Suspense>
  )
}
