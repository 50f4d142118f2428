// What the password and code dialogs share (password-prompt.tsx, code-prompt.tsx), the app's side
// of the server's -3 and -4 gates: the api client asks through a hook (askPassword, askCode; wired
// in start.ts), which opens the dialog and resolves true once the server accepted what was typed,
// false when the user cancelled. The dialog itself is loaded only when first needed (no part of
// the first visit's budget), checks what is typed through the `submit` the client hands over (no
// fetch here), and shows a refusal in place. One at a time: the client makes the calls that meet
// the same gate wait their turn.
import { lazy, Suspense, useEffect, type ComponentType } from 'react'
import { isLoggedInAtom } from '../lib/session'
import { atom, store, useAtomValue } from '../lib/store'

/** One ask, as its dialog gets it. */
export interface GateRequest {
  /** Each ask gets a dialog of its own (a fresh field), even when one follows another at once. */
  id: number
  /** Checks what was typed with the server; rejects with an ApiError to show in the dialog. */
  submit: (typed: string) => Promise<void>
  finish: (confirmed: boolean) => void
}

type Dialog = ComponentType<{ request: GateRequest }>

/** The hook for the api client and the component the root route mounts once, for one dialog. */
export function makeGatePrompt(load: () => Promise<Dialog>) {
  const LazyDialog = lazy(() => load().then((dialog) => ({ default: dialog })))
  const requestAtom = atom<GateRequest | null>(null)
  let asks = 0

  function ask(_message: string, submit: (typed: string) => Promise<void>): Promise<boolean> {
    return new Promise((resolve) => {
      const request: GateRequest = {
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

  function Prompt() {
    const request = useAtomValue(requestAtom)
    const loggedIn = useAtomValue(isLoggedInAtom)
    // Signed out meanwhile (the session expired elsewhere): nothing to confirm any more.
    useEffect(() => {
      if (request && !loggedIn) request.finish(false)
    }, [request, loggedIn])
    if (!request || !loggedIn) return null
    return (
      <Suspense fallback={null}>
        <LazyDialog key={request.id} request={request} />
      </Suspense>
    )
  }

  return { ask, Prompt }
}
