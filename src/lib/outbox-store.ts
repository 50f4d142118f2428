// The page's reads and writes of the transfer outbox's database through `idb` (architecture §5):
// a thin promise wrapper, so the page does not carry Dexie. The worker (sw/outbox-db.ts) opens the
// same database with Dexie, whose version(1) schema is IndexedDB version 10 with an 'entries' store
// keyed by 'id' and indexed on 'userId' and 'createdAt': created here identically when the page is
// first, so either side may open it first.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { OutboxEntry } from '../../sw/outbox-db.ts'

export type { OutboxEntry } from '../../sw/outbox-db.ts'

/** Dexie stores its version × 10 as the IndexedDB version. */
const DEXIE_VERSION_1 = 10
export const OUTBOX_DB = 'novaex-outbox'

interface OutboxSchema extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { userId: string; createdAt: number } }
}

let opening: Promise<IDBPDatabase<OutboxSchema>> | undefined

function database(factory?: IDBFactory): Promise<IDBPDatabase<OutboxSchema>> {
  if (factory) return open(factory)
  return (opening ??= open())
}

function open(factory?: IDBFactory): Promise<IDBPDatabase<OutboxSchema>> {
  const previous = globalThis.indexedDB
  // idb opens through the global factory; tests hand in fake-indexeddb's.
  if (factory) globalThis.indexedDB = factory
  try {
    return openDB<OutboxSchema>(OUTBOX_DB, DEXIE_VERSION_1, {
      upgrade(db) {
        if (db.objectStoreNames.contains('entries')) return
        const entries = db.createObjectStore('entries', { keyPath: 'id' })
        entries.createIndex('userId', 'userId')
        entries.createIndex('createdAt', 'createdAt')
      },
      // Another tab or the worker wants a newer schema: let it, and reopen on next use.
      blocking(_current, _next, event) {
        ;(event.target as IDBDatabase).close()
        opening = undefined
      },
    })
  } finally {
    if (factory) globalThis.indexedDB = previous
  }
}

export interface OutboxStore {
  put(entry: OutboxEntry): Promise<void>
  remove(id: string): Promise<void>
  /** Lets the outbox send the entry now (the page's own attempt gave no final answer). */
  release(id: string): Promise<void>
  /** The user's entries, oldest first. */
  listOf(userId: string): Promise<OutboxEntry[]>
  clearUser(userId: string): Promise<void>
}

export function outboxStore(factory?: IDBFactory): OutboxStore {
  const db = () => database(factory)
  return {
    put: async (entry) => void (await (await db()).put('entries', entry)),
    remove: async (id) => (await db()).delete('entries', id),
    async release(id) {
      const tx = (await db()).transaction('entries', 'readwrite')
      const entry = await tx.store.get(id)
      if (entry) await tx.store.put({ ...entry, notBefore: 0 })
      await tx.done
    },
    async listOf(userId) {
      const entries = await (await db()).getAllFromIndex('entries', 'userId', userId)
      return entries.toSorted((a, b) => a.createdAt - b.createdAt)
    },
    async clearUser(userId) {
      const tx = (await db()).transaction('entries', 'readwrite')
      for (const key of await tx.store.index('userId').getAllKeys(userId)) await tx.store.delete(key)
      await tx.done
    },
  }
}
