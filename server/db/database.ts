// The one seam between the server and its storage (architecture §6 "Storage"): every module talks
// to a `Database`, never to node:sqlite or pg directly. Two engines implement it — the embedded
// SQLite file (server/db/sqlite.ts, the default) and PostgreSQL (server/db/postgres.ts, when
// DATABASE_URL is set) — and both keep the same promises:
// - SQL is written once with `?` placeholders (or `?1`, `?2` for a value used twice); the
//   PostgreSQL engine numbers them. The SQL is the subset both dialects agree on (ON CONFLICT,
//   RETURNING, CASE, CAST); what differs lives in server/db/: the engines, the two migration folders,
//   and shared-files.ts (where uploads and secrets are kept).
// - `transaction()` runs its body as one serializable unit of work that commits or leaves nothing:
//   SQLite takes the write lock up front (BEGIN IMMEDIATE); PostgreSQL runs it SERIALIZABLE and
//   runs the body again when the database reports a conflict, so a body must only touch the
//   database (no mail, no in-memory caches: do those after it returns).
// - Inside a transaction's body, every call on the same `Database` joins that transaction (the
//   engines follow the async context), so services take `db` and never a separate handle; a nested
//   `transaction()` is a savepoint, and its refusal rolls back only its own part.
// - Rows come back with integers as numbers and decimals as the text that was stored, so
//   server/db/rows.ts reads them the same from either engine.
// - A storage that cannot serve a call now (the server down or restarting, a lost connection, a
//   full or failing disk) is a DatabaseUnavailableError or StorageFullError, whichever engine
//   (server/db/storage-faults.ts says which errors are), and a transaction that met one commits
//   nothing, even if a caller inside it caught the error.

export type SqlValue = string | number | bigint | null | Uint8Array

export type Row = Record<string, unknown>

export interface RunResult {
  /** Rows inserted, updated or deleted by the statement. */
  changes: number
}

export type Engine = 'sqlite' | 'postgres'

export interface TransactionOptions {
  /**
   * Work that contends on one thing (a user's balances, a pair's order book) names it: PostgreSQL
   * then queues those transactions on an advisory lock instead of letting them conflict and retry.
   * Several keys are taken in one order (sorted), so two transactions naming the same keys never
   * deadlock. Only the outermost transaction's keys count. SQLite ignores them (its transactions
   * already run one at a time).
   */
  lockKey?: string | readonly string[]
}

/** The keys of several options together: work that contends on more than one thing. */
export const allLocks = (...options: TransactionOptions[]): TransactionOptions => ({
  lockKey: options.flatMap((option) => (option.lockKey === undefined ? [] : option.lockKey)),
})

export interface Database {
  readonly engine: Engine
  /** The first row, or undefined. */
  get(sql: string, ...params: SqlValue[]): Promise<Row | undefined>
  all(sql: string, ...params: SqlValue[]): Promise<Row[]>
  run(sql: string, ...params: SqlValue[]): Promise<RunResult>
  /** Runs an INSERT and answers the new row's `id` (the SQL must not end in RETURNING itself). */
  insert(sql: string, ...params: SqlValue[]): Promise<number>
  /** Several statements without parameters (migrations, test set-up). */
  exec(sql: string): Promise<void>
  transaction<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T>
  /**
   * Runs `work` only if no other process is running the work of the same name now, answering
   * undefined otherwise: periodic passes run on every instance but one at a time, so they neither
   * double any work nor storm the database. (SQLite serves one machine: it just runs `work`.)
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T | undefined>
  /** True while the caller runs inside a transaction of this database. */
  readonly inTransaction: boolean
  close(): Promise<void>
}

/**
 * Thrown inside a transaction whose work conflicts with another's (PostgreSQL's serialization
 * failures and deadlocks): the engine runs the whole transaction again, even if a savepoint's
 * caller caught this, so code that catches errors inside a transaction rethrows it unlogged.
 */
export class DatabaseConflictError extends Error {
  constructor(cause: unknown) {
    super('the transaction conflicted with another and runs again', { cause })
  }
}

/** Thrown when the database could not take a lock in time: the request may be retried as is. */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super('the database is busy', { cause })
  }
}

/**
 * Thrown when the storage cannot serve the call now: the PostgreSQL server is down, restarting or
 * out of connections, the connection was lost or did not answer in time, the disk failed
 * (server/db/storage-faults.ts recognises each engine's faults). Nothing of the call's transaction
 * committed, except when the connection was lost during its COMMIT, when the outcome is unknown: a
 * money call sent again with its idempotency key applies at most once either way. Answered 503
 * with Retry-After (server/http/errors.ts); the periodic passes wait for the next tick.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown, message = 'the database cannot be reached') {
    super(`${message} (${cause instanceof Error ? cause.message : String(cause)})`, { cause })
  }
}

/** The disk under the database is full: writes fail and leave nothing, reads still work. Answered 507. */
export class StorageFullError extends DatabaseUnavailableError {
  constructor(cause: unknown) {
    super(cause, 'the disk of the database is full')
  }
}
