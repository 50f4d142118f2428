// The page's end of the read cache's privacy (architecture §5): the service worker keys private reads by
// user, so it is told who is signed in (on start, at sign-in and whenever a worker starts to
// control the page), and at logout it is asked to delete that user's stored answers. With no
// worker in control (first visit, tests, a worker that does not answer) the page deletes them
// itself from IndexedDB, through the worker's own database module, loaded only then.
import { SW_MESSAGE, type ForgetUserMessage, type SessionMessage } from '../contract/sw-messages.ts'

/** How long logout waits for the worker's "done" before wiping from the page instead. */
const WORKER_REPLY_MS = 2000

let current: { userId: string; token: string } | null = null
let following = false

const container = (): ServiceWorkerContainer | undefined =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined

function post(): void {
  const worker = container()?.controller
  if (!worker || !current) return
  const message: SessionMessage = { type: SW_MESSAGE.session, ...current }
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a ServiceWorker takes no target origin
  worker.postMessage(message)
}

/** The signed-in user (or nobody); the worker learns it now and again whenever it takes over. */
export function announceSession(userId: string, token: string | null): void {
  current = userId && token ? { userId, token } : null
  const sw = container()
  if (sw && !following) {
    following = true
    sw.addEventListener('controllerchange', post)
  }
  post()
}

function askWorker(userId: string): Promise<boolean> {
  const worker = container()?.controller
  if (!worker) return Promise.resolve(false)
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(false), WORKER_REPLY_MS)
    channel.port1.addEventListener('message', () => {
      clearTimeout(timer)
      channel.port1.close()
      resolve(true)
    }, { once: true })
    channel.port1.start()
    const message: ForgetUserMessage = { type: SW_MESSAGE.forgetUser, userId }
    worker.postMessage(message, [channel.port2])
  })
}

/** Logout: this user's stored answers go, offline too. Resolves when they are gone (never rejects). */
export async function forgetCachedUser(userId: string): Promise<void> {
  if (current?.userId === userId) current = null
  if (!userId) return
  try {
    if (await askWorker(userId)) return
    if (typeof indexedDB === 'undefined') return
    const { forgetUser, sharedDb } = await import('../../sw/db.ts')
    await forgetUser(sharedDb(), userId)
  } catch (error) {
    console.warn('stored data of the user not wiped', error)
  }
}
