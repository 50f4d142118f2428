// What the service worker keeps in IndexedDB (database 'novaex', Dexie), and why:
// - `answers`: the last successful answer of each API read (POST requests, which the Cache API
//   cannot store), keyed by path + form body, and by user for private reads (userId '' = public),
//   with the time it was received, so that a cold start offline can still show data and its age;
// - `sessions`: which user an access token belongs to, as a SHA-256 of the token (never the token
//   itself). The page announces its session; a private read is cached or answered from the cache
//   only for the user its own token is bound to, so no user is ever answered from another's entry.
// Logout deletes the user's answers and bindings (forgetUser). Used by the worker, and by the page
// only through src/lib when no worker controls it.
import { Dexie, type DexieOptions, type EntityTable } from 'dexie'

export const DB_NAME = 'novaex'

export interface CachedAnswer {
  /** cacheKey(userId, path, body): see sw/api-cache.ts */
  key: string
  /** '' for public data. */
  userId: string
  path: string
  /** The canonical form body (or query) the answer was asked with. */
  body: string
  /** The answer's JSON text, as the server sent it. */
  json: string
  /** When it arrived from the network, ms since epoch. */
  storedAt: number
}

export interface SessionBinding {
  /** Hex SHA-256 of the access token. */
  tokenHash: string
  userId: string
  boundAt: number
}

/**
 * The signed-in session a background refresh may use (Periodic Background Sync wakes a worker with
 * no page to ask). Only the latest one is kept and it is deleted at logout; it holds the same token
 * the page keeps in localStorage under this origin, so it exposes nothing new.
 */
export interface RefreshSession {
  id: 'current'
  userId: string
  token: string
}

export type NovaexDb = Dexie & {
  answers: EntityTable<CachedAnswer, 'key'>
  sessions: EntityTable<SessionBinding, 'tokenHash'>
  refresh: EntityTable<RefreshSession, 'id'>
}

/** Opens (lazily, on first use) the database; options let tests hand in fake-indexeddb. */
export function openDb(options?: DexieOptions): NovaexDb {
  const db = new Dexie(DB_NAME, options) as NovaexDb
  db.version(1).stores({ answers: 'key, userId', sessions: 'tokenHash, userId' })
  db.version(2).stores({ refresh: 'id' })
  return db
}

let shared: NovaexDb | undefined
/** The one database of this context (worker or page). */
export const sharedDb = (): NovaexDb => (shared ??= openDb())

export const getAnswer = (db: NovaexDb, key: string): Promise<CachedAnswer | undefined> => db.answers.get(key)

/**
 * Stores an answer. A private one only while its user is still bound to the token that asked, so
 * an answer arriving after that user logged out cannot bring their data back.
 */
export async function putAnswer(db: NovaexDb, entry: CachedAnswer, tokenHash?: string): Promise<boolean> {
  if (entry.userId === '') {
    await db.answers.put(entry)
    return true
  }
  return db.transaction('rw', db.answers, db.sessions, async () => {
    const binding = tokenHash ? await db.sessions.get(tokenHash) : undefined
    if (binding?.userId !== entry.userId) return false
    await db.answers.put(entry)
    return true
  })
}

/** Binds a token (by hash) to its user; earlier tokens of the same user are dropped. */
export async function bindSession(db: NovaexDb, tokenHash: string, userId: string, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.sessions, async () => {
    await db.sessions.where('userId').equals(userId).delete()
    await db.sessions.put({ tokenHash, userId, boundAt: now })
  })
}

export const userOfToken = async (db: NovaexDb, tokenHash: string): Promise<string | undefined> =>
  (await db.sessions.get(tokenHash))?.userId

/** Logout: every stored answer and token binding of this user. Returns how many answers went. */
export function forgetUser(db: NovaexDb, userId: string): Promise<number> {
  if (userId === '') return Promise.resolve(0)
  return db.transaction('rw', db.answers, db.sessions, async () => {
    await db.sessions.where('userId').equals(userId).delete()
    return db.answers.where('userId').equals(userId).delete()
  })
}

export const countAnswers = (db: NovaexDb, userId: string): Promise<number> => db.answers.where('userId').equals(userId).count()
