// How a new version takes over (architecture §5): it installs and waits, the page offers "Update",
// and only the SKIP_WAITING message makes it active; once active it controls every open page at
// once (the first install included), so the shared poll and the cache serve them without a reload.
import { clientsClaim } from 'workbox-core'
import { isSwMessage, SW_MESSAGE } from '../src/contract/sw-messages.ts'

export function takeOverOnRequest(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('message', (event) => {
    if (isSwMessage(event.data, SW_MESSAGE.skipWaiting)) void worker.skipWaiting()
  })
  clientsClaim()
}
