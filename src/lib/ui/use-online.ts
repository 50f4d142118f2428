import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/**
 * Whether the browser believes it has a network (architecture §4: actions that must not be delayed are
 * refused offline). `false` is reliable; `true` only means "not known to be offline", so callers
 * still handle a failed call.
 */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, () => navigator.onLine, () => true)
