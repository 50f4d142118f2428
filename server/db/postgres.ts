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
import { AsyncLocalStorage } from 'node:async_hooks'
import { Pool, type PoolClient, type QueryResult, types as pgTypes } from 'pg'
import { type Database, DatabaseBusyError, DatabaseConflictError, type Row, type RunResult, type SqlValue, type TransactionOptions } from './database.ts'
import { numberPlaceholders } from './placeholders.ts'

const RETRYABLE = new Set(['40001', '40P01'])
const RETRY_BUDGET_MS = 15_000
const INT8_OID = 20

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
}

const codeOf = (error: unknown): unknown => (typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined)
const isConflict = (error: unknown): boolean => error instanceof DatabaseConflictError || RETRYABLE.has(String(codeOf(error)))
const toParam = (value: SqlValue): unknown =>
  typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** The option's keys, each once, in the one order every transaction takes them in. */
const lockKeysOf = ({ lockKey }: TransactionOptions): string[] =>
  lockKey === undefined ? [] : [...new Set(typeof lockKey === 'string' ? [lockKey] : lockKey)].toSorted()

export interface PostgresOptions {
  /** Connections this process keeps (DATABASE_POOL_SIZE). */
  poolSize?: number
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const pool = new Pool({ connectionString: url, max: options.poolSize ?? 10, types, idleTimeoutMillis: 30_000 })
  // An idle connection that the server drops (a restart) must not take the process down.
  pool.on('error', () => {})
  return new PostgresDatabase(pool)
}

class PostgresDatabase implements Database {
  readonly engine = 'postgres' as const
  readonly #pool: Pool
  readonly #scope = new AsyncLocalStorage<Scope>()
  readonly #names = new Map<string, { name: string; text: string }>()

  constructor(pool: Pool) {
    this.#pool = pool
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
    const query = { name: prepared.name, text: prepared.text, values: params.map(toParam) }
    const scope = this.#scope.getStore()
    const running = scope?.open ? scope.client.query(query) : this.#pool.query(query)
    return running.catch((error: unknown) => {
      throw RETRYABLE.has(String(codeOf(error))) ? new DatabaseConflictError(error) : error
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
    await (scope?.open ? scope.client.query(sql) : this.#pool.query(sql))
  }

  async transaction<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const scope = this.#scope.getStore()
    if (scope?.open) return this.#savepoint(scope, work)
    const started = Date.now()
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#attempt(work, lockKeysOf(options))
      } catch (error) {
        if (!isConflict(error)) throw error
        if (Date.now() - started > RETRY_BUDGET_MS) throw new DatabaseBusyError(error)
        await pause(Math.random() * Math.min(2 ** attempt, 100))
      }
    }
  }

  async #attempt<T>(work: () => Promise<T>, lockKeys: readonly string[]): Promise<T> {
    const client = await this.#pool.connect()
    const own: Scope = { client, open: true, depth: 0 }
    let broken = false
    // Whether the connection is known to be idle again (committed, or rolled back cleanly).
    let settled = false
    try {
      for (const key of lockKeys) await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`tx:${key}`])
      try {
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE')
        const result = await this.#scope.run(own, work)
        if (own.conflict) throw own.conflict
        own.open = false
        await client.query('COMMIT')
        settled = true
        return result
      } catch (error) {
        own.open = false
        await client.query('ROLLBACK').then(() => (settled = true), () => (broken = true))
        throw error
      } finally {
        for (const key of lockKeys.toReversed()) {
          if (broken) break
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`tx:${key}`]).catch(() => (broken = true))
        }
      }
    } catch (error) {
      // A connection whose state is unknown is closed, which also frees any lock it held. A body's
      // own refusal or a conflict, rolled back cleanly, leaves it fit for the next transaction.
      if (!settled) broken = true
      throw error
    } finally {
      own.open = false
      client.release(broken)
    }
  }

  async #savepoint<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
    scope.depth += 1
    const name = `sp_${scope.depth}`
    await scope.client.query(`SAVEPOINT ${name}`)
    try {
      const result = await work()
      await scope.client.query(`RELEASE SAVEPOINT ${name}`)
      return result
    } catch (error) {
      if (error instanceof DatabaseConflictError) scope.conflict = error
      // If even this fails (the transaction is already doomed), the original error still decides
      // what happens next: the outer transaction rolls back and, on a conflict, runs again.
      await scope.client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`).catch(() => {})
      throw error
    } finally {
      scope.depth -= 1
    }
  }

  async exclusively<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
    const client = await this.#pool.connect()
    let broken = false
    try {
      const key = `pass:${name}`
      const { rows } = await client.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS mine', [key])
      if (rows[0]?.mine !== true) return undefined
      try {
        return await work()
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => (broken = true))
      }
    } finally {
      client.release(broken)
    }
  }

  async close(): Promise<void> {
    await this.#pool.end()
  }
}
