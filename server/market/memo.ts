// Small caches for answers. Answers are rebuilt at most once per stamp (the simulated second, or
// a proxy TTL window), and returned as the same object, so the serialized body can be cached by
// identity too (respond.ts) and 50 clients polling cost one computation.

export interface StampedMemo<T> {
  /** The value for key at stamp: cached if it was built for the same stamp, else built now. */
  get(key: string, stamp: number, build: () => T): T
}

/** At most `limit` keys; the least recently built goes first. */
export function stampedMemo<T>(limit: number): StampedMemo<T> {
  const entries = new Map<string, { stamp: number; value: T }>()
  return {
    get(key, stamp, build) {
      const found = entries.get(key)
      if (found && found.stamp === stamp) return found.value
      const value = build()
      entries.delete(key)
      entries.set(key, { stamp, value })
      if (entries.size > limit) {
        const oldest = entries.keys().next()
        if (!oldest.done) entries.delete(oldest.value)
      }
      return value
    },
  }
}

export interface SharedLoads<T> {
  /**
   * The value for key: a load already in flight is shared, a finished one is reused for ttlMs
   * after it settled; a failed one is forgotten at once so the next call tries again.
   */
  get(key: string, load: () => Promise<T>): Promise<T>
}

export function sharedLoads<T>(ttlMs: number, now: () => number, limit: number): SharedLoads<T> {
  const entries = new Map<string, { promise: Promise<T>; expires: number }>()
  return {
    get(key, load) {
      const found = entries.get(key)
      if (found && now() < found.expires) return found.promise
      const entry = { promise: load(), expires: Infinity }
      entries.delete(key)
      entries.set(key, entry)
      entry.promise.then(
        () => {
          entry.expires = now() + ttlMs
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key)
        },
      )
      if (entries.size > limit) {
        for (const [other, value] of entries) if (value.expires <= now()) entries.delete(other)
      }
      return entry.promise
    },
  }
}
