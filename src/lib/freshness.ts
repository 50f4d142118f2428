// Where the answers on screen came from (architecture §1): the api client notes each answer here; the
// shell's offline mark reads it. The service worker marks the answers it made from IndexedDB
// (src/contract/offline.ts); everything else came from the network. In memory only: a new tab
// starts fresh and learns from its own first answers.

export interface Freshness {
  /** True while the latest answers came from storage (or the network failed). */
  offline: boolean
  /** The oldest stored copy answered since, ms since epoch; null when none said when. */
  asOf: number | null
}

const LIVE: Freshness = { offline: false, asOf: null }
let snapshot: Freshness = LIVE
// Per path, so the mark shows the age of the oldest data on screen, not of the last answer.
const offlinePaths = new Map<string, number | null>()
const listeners = new Set<() => void>()

function publish(next: Freshness): void {
  if (next.offline === snapshot.offline && next.asOf === snapshot.asOf) return
  snapshot = next
  listeners.forEach((listener) => listener())
}

/** An answer from storage (`storedAt` when it said), or a read that failed for lack of network. */
export function noteOffline(path: string, storedAt: number | null): void {
  offlinePaths.set(path, storedAt)
  const times = [...offlinePaths.values()].filter((time): time is number => time !== null)
  publish({ offline: true, asOf: times.length > 0 ? Math.min(...times) : null })
}

/** An answer from the network: the data is live again. */
export function noteLive(): void {
  offlinePaths.clear()
  publish(LIVE)
}

export const readFreshness = (): Freshness => snapshot

/** For useSyncExternalStore. */
export function subscribeFreshness(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
