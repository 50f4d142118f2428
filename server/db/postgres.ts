// The scale-out engine (architecture §6 "Storage"): PostgreSQL through `pg`, the pure-JavaScript
// client, for DATABASE_URL=postgres://…, so that several server instances share one database.
// - Every transaction runs SERIALIZABLE: the services were written for SQLite, where writers take
//   turns, and serializable isolation promises the same outcome across processes. When PostgreSQL
//   reports a conflict (40001) or a deadlock (40P01) the whole body runs again on a fresh snapshot,
//   with a growing random pause; a body that keeps losing for RETRY_BUDGET_MS is a DatabaseBusyError.
//   A conflict inside a savepoint dooms the whole transaction (DatabaseConflictError), even if the
//   savepoint's caller caught it: a batch that rolls one item back must not commit without it.
// - A transaction that names lock keys first waits on a session advisory lock of each (in sorted
//   order, so two never deadlock), taken before BEGIN so the snapshot is taken after the previous
//   holder committed: work on one hot thing (a user's balances, a pair's book) queues instead of
//   conflicting.
// - Statements are prepared once per connection (named by their SQL) and `?` placeholders are
//   numbered for PostgreSQL (server/db/placeholders.ts).
// - Integers come back as numbers (ids and millisecond times stay far below 2^53). NUMERIC money
//   comes back as the text that was stored (an unconstrained NUMERIC keeps the scale it was given:
//   '81331.70' stays '81331.70'), as SQLite's TEXT columns do; the server never does arithmetic on
//   money in SQL, so no other scale appears.
// - Every wait is bounded, so that a database that went away answers 503 instead of hanging a
//   request (server/db/storage-faults.ts says which errors mean that): a connection is made or
//   handed out within CONNECT_TIMEOUT_MS, a statement answers within the query timeout. A connection
//   the server closes (a restart, pg_terminate_backend) fails what runs on it and is dropped from the
//   pool, idle or not; the next call opens a new one, so the process reconnects by itself.
import { AsyncLocalStorage } from 'node:async_hooks'
import { Pool, type PoolClient, type QueryResult, types as pgTypes } from 'pg'
import {
  type Database,
  DatabaseBusyError,
  DatabaseConflictError,
  DatabaseUnavailableError,
  type Row,
  type RunResult,
  type SqlValue,
  type TransactionOptions,
} from './database.ts'
import { numberPlaceholders } from './placeholders.ts'
import { postgresFault } from './storage-faults.ts'

const RETRYABLE = new Set(['40001', '40P01'])
const RETRY_BUDGET_MS = 15_000
const INT8_OID = 20
/**
 * A connection within this long, else the database counts as unavailable: a new one, or a free one
 * of the pool when all are busy. Generous, since a burst queued on one user's funds lock holds every
 * connection of the pool while it drains (200 transfers at once on a loaded machine take seconds).
 */
const CONNECT_TIMEOUT_MS = 30_000
/**
 * The server's bound on one statement (advisory lock waits included): far above any request's own
 * work, well below a client's patience.
 */
export const QUERY_TIMEOUT_MS = 15_000

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (value: string) => Number(value)
    return pgTypes.getTypeParser(oid, format)
  },
}

interface Scope {
  client: PoolClient
  open: boolean
  depth: number
  /** A conflict met inside a savepoint: the transaction runs again whoever caught it. */
  conflict?: DatabaseConflictError
  /** The connection failed (or stopped answering) inside: the transaction cannot commit, whoever caught it. */
  lost?: DatabaseUnavailableError
}

/** pg's query config, with the per-statement bound its types leave out. */
interface Statement {
  name?: string
  text: string
  values?: unknown[]
  query_timeout?: number
}

const codeOf = (error: unknown): unknown => (typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined)
const isConflict = (error: unknown): boolean => error instanceof DatabaseConflictError || RETRYABLE.has(String(codeOf(error)))
/** The error as the seam's callers see it: a lost or absent database becomes DatabaseUnavailableError. */
const seen = (error: unknown): unknown => postgresFault(error) ?? error
const toParam = (value: SqlValue): unknown =>
  typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** The option's keys, each once, in the one order every transaction takes them in. */
const lockKeysOf = ({ lockKey }: TransactionOptions): string[] =>
  lockKey === undefined ? [] : [...new Set(typeof lockKey === 'string' ? [lockKey] : lockKey)].toSorted()

export interface PostgresOptions {
  /** Connections this process keeps (DATABASE_POOL_SIZE). */
  poolSize?: number
  /**
   * A statement that has not answered in this long fails as DatabaseUnavailableError (default
   * QUERY_TIMEOUT_MS; 0: no bound, for the admin tool's long reads). exec() (migrations) is never bounded.
   */
  queryTimeoutMs?: number
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // The kernel notices a peer that vanished without closing (a network cut) on idle connections too.
    keepAlive: true,
  })
  // An idle connection that the server drops (a restart, pg_terminate_backend) leaves the pool with
  // this event: nothing to do, the next call opens a new one. Unheard, it would end the process.
  pool.on('error', () => {})
  return new PostgresDatabase(pool, options.queryTimeoutMs ?? QUERY_TIMEOUT_MS)
}

class PostgresDatabase implements Database {
  readonly engine = 'postgres' as const
  readonly #pool: Pool
  readonly #scope = new AsyncLocalStorage<Scope>()
  readonly #names = new Map<string, { name: string; text: string }>()
  readonly #queryTimeout: number | undefined

  constructor(pool: Pool, queryTimeoutMs: number) {
    this.#pool = pool
    this.#queryTimeout = queryTimeoutMs > 0 ? queryTimeoutMs : undefined
  }

  get inTransaction(): boolean {
    return this.#scope.getStore()?.open === true
  }

  #query(sql: string, params: readonly SqlValue[]): Promise<QueryResult> {
    let prepared = this.#names.get(sql)
    if (!prepared) {
      prepared = { name: `q${this.#names.size + 1}`, text: numberPlaceholders(sql).text }
      this.#names.set(sql, prepared)
    }
    const query: Statement = { name: prepared.name, text: prepared.text, values: params.map(toParam), query_timeout: this.#queryTimeout }
    const scope = this.#scope.getStore()
    const running = scope?.open ? scope.client.query(query) : this.#pool.query(query)
    return running.catch((error: unknown) => {
      if (RETRYABLE.has(String(codeOf(error)))) throw new DatabaseConflictError(error)
      const fault = seen(error)
      // A transaction whose connection failed commits nothing, whoever catches this.
      if (scope?.open && fault instanceof DatabaseUnavailableError) scope.lost = fault
      throw fault
    })
  }

  /** A statement of the engine's own (BEGIN, a lock, a savepoint) on a held connection, bounded like any. */
  async #control(client: PoolClient, text: string, values?: unknown[]): Promise<QueryResult> {
    const statement: Statement = { text, values, query_timeout: this.#queryTimeout }
    try {
      return await client.query(statement)
    } catch (error) {
      throw seen(error)
    }
  }

  /**
   * A connection of the pool, held by the caller until it releases it. While held, a failure of
   * its connection (the server closed it) is an 'error' event on it that pg would otherwise raise
   * as an uncaught exception: `onLost` hears it, and the caller releases the connection as broken.
   * The listener is attached in the pool's own callback: the pool hands a connection over while
   * still parsing what its server sent, and the server's "terminating connection" may follow in the
   * same packet, before any promise continuation could attach it.
   */
  #hold(onLost: () => void): Promise<{ client: PoolClient; release(broken: boolean): void }> {
    return new Promise((resolve, reject) => {
      this.#pool.connect((error, client) => {
        if (error || !client) return reject(seen(error ?? new Error('the pool handed out no connection')))
        client.on('error', onLost)
        resolve({
          client,
          release(broken) {
            client.off('error', onLost)
            client.release(broken)
          },
        })
      })
    })
  }

  async get(sql: string, ...params: SqlValue[]): Promise<Row | undefined> {
    return (await this.#query(sql, params)).rows[0]
  }

  async all(sql: string, ...params: SqlValue[]): Promise<Row[]> {
    return (await this.#query(sql, params)).rows
  }

  async run(sql: string, ...params: SqlValue[]): Promise<RunResult> {
    return { changes: (await this.#query(sql, params)).rowCount ?? 0 }
  }

  async insert(sql: string, ...params: SqlValue[]): Promise<number> {
    const row = (await this.#query(`${sql} RETURNING id`, params)).rows[0] as { id?: unknown } | undefined
    if (typeof row?.id !== 'number') throw new Error('insert(): the statement returned no id')
    return row.id
  }

  async exec(sql: string): Promise<void> {
    const scope = this.#scope.getStore()
    try {
      await (scope?.open ? scope.client.query(sql) : this.#pool.query(sql))
    } catch (error) {
      throw seen(error)
    }
  }

  async transaction<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const scope = this.#scope.getStore()
    if (scope?.open) return this.#savepoint(scope, work)
    const started = Date.now()
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#attempt(work, lockKeysOf(options))
      } catch (error) {
        if (!isConflict(error)) throw seen(error)
        if (Date.now() - started > RETRY_BUDGET_MS) throw new DatabaseBusyError(error)
        await pause(Math.random() * Math.min(2 ** attempt, 100))
      }
    }
  }

  async #attempt<T>(work: () => Promise<T>, lockKeys: readonly string[]): Promise<T> {
    let broken = false
    const { client, release } = await this.#hold(() => (broken = true))
    const own: Scope = { client, open: true, depth: 0 }
    // Whether the connection is known to be idle again (committed, or rolled back cleanly).
    let settled = false
    try {
      for (const key of lockKeys) await this.#control(client, 'SELECT pg_advisory_lock(hashtextextended($1, 0))', [`tx:${key}`])
      try {
        await this.#control(client, 'BEGIN ISOLATION LEVEL SERIALIZABLE')
        const result = await this.#scope.run(own, work)
        if (own.conflict) throw own.conflict
        if (own.lost) throw own.lost
        own.open = false
        // Lost during COMMIT, the outcome is unknown: the caller answers 503, and a money call sent
        // again with its idempotency key finds its answer if it committed, or applies now.
        await this.#control(client, 'COMMIT')
        settled = true
        return result
      } catch (error) {
        own.open = false
        // A connection that failed or stopped answering is closed rather than asked to roll back
        // (which would wait out another timeout): the server rolls back what a closed one began.
        if (error instanceof DatabaseUnavailableError) broken = true
        else await this.#control(client, 'ROLLBACK').then(() => (settled = true), () => (broken = true))
        throw error
      } finally {
        for (const key of lockKeys.toReversed()) {
          if (broken) break
          await this.#control(client, 'SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`tx:${key}`]).catch(() => (broken = true))
        }
      }
    } catch (error) {
      // A connection whose state is unknown is closed, which also frees any lock it held. A body's
      // own refusal or a conflict, rolled back cleanly, leaves it fit for the next transaction.
      if (!settled) broken = true
      throw error
    } finally {
      own.open = false
      release(broken)
    }
  }

  async #savepoint<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
    scope.depth += 1
    const name = `sp_${scope.depth}`
    let begun = false
    try {
      await this.#control(scope.client, `SAVEPOINT ${name}`)
      begun = true
      const result = await work()
      await this.#control(scope.client, `RELEASE SAVEPOINT ${name}`)
      return result
    } catch (error) {
      if (error instanceof DatabaseConflictError) scope.conflict = error
      // A failed connection cannot commit either, whoever catches this; it is not asked to roll back.
      if (error instanceof DatabaseUnavailableError) scope.lost = error
      // If even this fails (the transaction is already doomed), the original error still decides
      // what happens next: the outer transaction rolls back and, on a conflict, runs again.
      if (begun && !scope.lost) await this.#control(scope.client, `ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`).catch(() => {})
      throw error
    } finally {
      scope.depth -= 1
    }
  }

  async exclusively<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
    // The lock's connection sits idle while `work` runs on others: if the server closes it, the
    // lock is gone with it and `work` merely finishes unguarded, as if it had raced another pass
    // (the passes' conditional updates make that harmless).
    let broken = false
    const { client, release } = await this.#hold(() => (broken = true))
    try {
      const key = `pass:${name}`
      const { rows } = await this.#control(client, 'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS mine', [key]).catch((error: unknown) => {
        broken = true
        throw error
      })
      if (rows[0]?.mine !== true) return undefined
      try {
        return await work()
      } finally {
        if (!broken) await this.#control(client, 'SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => (broken = true))
      }
    } finally {
      release(broken)
    }
  }

  async close(): Promise<void> {
    await this.#pool.end()
  }
}
