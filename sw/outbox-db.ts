// The transfer outbox's storage: a small IndexedDB database of its own ('novaex-outbox', Dexie), so
// that the page (src/lib/outbox.ts, which writes entries) and the worker (sw/outbox.ts, which sends
// them) share one queue without touching the cache database's versions (sw/db.ts). What is stored:
// each transfer not yet answered for good — path, form body, idempotency key, the user and the
// session token to send it with — and refused ones until the user has seen why.
import { Dexie, type EntityTable } from 'dexie'

export type OutboxState = 'pending' | 'refused'

export interface OutboxEntry {
  /** The idempotency key doubles as the id: one entry per movement the user confirmed. */
  id: string
  userId: string
  path: string
  body: Record<string, string>
  key: string
  /** The session to send with; a newer one replaces it when the page asks for a flush. */
  token: string
  createdAt: number
  attempts: number
  lastError: string | null
  state: OutboxState
  /** Not sent before this time (ms): the page is trying it directly right now. */
  notBefore: number
}

export type OutboxDb = Dexie & { entries: EntityTable<OutboxEntry, 'id'> }

export const OUTBOX_DB_NAME = 'novaex-outbox'

export function openOutboxDb(options?: ConstructorParameters<typeof Dexie>[1]): OutboxDb {
  const db = new Dexie(OUTBOX_DB_NAME, options) as OutboxDb
  db.version(1).stores({ entries: '&id, userId, createdAt' })
  return db
}

let shared: OutboxDb | undefined
/** The database of this context (page or worker), opened on first use. */
export const outboxDb = (): OutboxDb => (shared ??= openOutboxDb())
