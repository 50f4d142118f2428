// The embedded engine: one node:sqlite connection to a file under DATA_DIR (architecture §6).
// node:sqlite is synchronous, so the async `Database` around it must keep requests from meeting
// inside one connection's open transaction: a transaction holds this connection until it ends, and
// a call from outside it waits its turn (an AsyncLocalStorage tells the transaction's own calls,
// which run at once, from everyone else's). Other processes on the same file (the admin CLI, a
// second server in the tests) are kept apart by SQLite's own write lock, waited for up to
// `timeout` ms; a wait that runs out is a DatabaseBusyError.
import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { type Database, DatabaseBusyError, type Row, type RunResult, type SqlValue, type TransactionOptions } from './database.ts'

const SQLITE_BUSY = 5

interface Scope {
  /** False once the transaction ended: a call that outlives it must not run as if inside. */
  open: boolean
  depth: number
}

const isBusy = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'errcode' in error && (error.errcode === SQLITE_BUSY || error.errcode === 517)

export interface SqliteOptions {
  /** How long to wait for another process's write lock, in ms. */
  timeout?: number
  readOnly?: boolean
}

/** Opens (creating if needed) the SQLite file with the settings every connection must have. */
export function openSqlite(file: string, options: SqliteOptions = {}): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const connection = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: options.timeout ?? 5000, readOnly: options.readOnly ?? false })
  // WAL lets readers run while one writer commits; NORMAL sync is durable across process crashes
  // and only risks the last transactions on power loss, the usual trade-off with WAL.
  if (!options.readOnly) connection.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;')
  return new SqliteDatabase(connection)
}

class SqliteDatabase implements Database {
  readonly engine = 'sqlite' as const
  readonly #connection: DatabaseSync
  // The ledger runs the same few statements on every money move: prepared once, they keep the
  // write path well inside its latency budget.
  readonly #statements = new Map<string, StatementSync>()
  readonly #scope = new AsyncLocalStorage<Scope>()
  /** Resolves when the transaction holding the connection ends; undefined when none does. */
  #held: Promise<void> | undefined

  constructor(connection: DatabaseSync) {
    this.#connection = connection
  }

  get inTransaction(): boolean {
    return this.#scope.getStore()?.open === true
  }

  #statement(sql: string): StatementSync {
    let prepared = this.#statements.get(sql)
    if (!prepared) {
      prepared = this.#connection.prepare(sql)
      this.#statements.set(sql, prepared)
    }
    return prepared
  }

  /**
   * True while another caller's transaction holds the connection. Callers loop `while (blocked)
   * await held` and then run their statement in the same microtask, so nobody can slip in between.
   */
  #blocked(): boolean {
    return this.#held !== undefined && !this.inTransaction
  }

  async get(sql: string, ...params: SqlValue[]): Promise<Row | undefined> {
    while (this.#blocked()) await this.#held
    return this.#statement(sql).get(...params)
  }

  async all(sql: string, ...params: SqlValue[]): Promise<Row[]> {
    while (this.#blocked()) await this.#held
    return this.#statement(sql).all(...params)
  }

  async run(sql: string, ...params: SqlValue[]): Promise<RunResult> {
    while (this.#blocked()) await this.#held
    return { changes: Number(this.#guard(() => this.#statement(sql).run(...params)).changes) }
  }

  async insert(sql: string, ...params: SqlValue[]): Promise<number> {
    while (this.#blocked()) await this.#held
    return Number(this.#guard(() => this.#statement(sql).run(...params)).lastInsertRowid)
  }

  async exec(sql: string): Promise<void> {
    while (this.#blocked()) await this.#held
    this.#guard(() => this.#connection.exec(sql))
  }

  #guard<T>(work: () => T): T {
    try {
      return work()
    } catch (error) {
      throw isBusy(error) ? new DatabaseBusyError(error) : error
    }
  }

  async transaction<T>(work: () => Promise<T>, _options?: TransactionOptions): Promise<T> {
    const scope = this.#scope.getStore()
    if (scope?.open) return this.#savepoint(scope, work)
    while (this.#blocked()) await this.#held
    let release!: () => void
    // Taken in the same microtask as the wait above ended.
    this.#held = new Promise((resolve) => (release = resolve))
    const own: Scope = { open: true, depth: 0 }
    try {
      // The write lock up front: two writers never deadlock upgrading a read lock.
      this.#guard(() => this.#statement('BEGIN IMMEDIATE').run())
      try {
        const result = await this.#scope.run(own, work)
        this.#guard(() => this.#statement('COMMIT').run())
        return result
      } catch (error) {
        if (this.#connection.isTransaction) this.#statement('ROLLBACK').run()
        throw error
      }
    } finally {
      own.open = false
      this.#held = undefined
      release()
    }
  }

  async #savepoint<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
    scope.depth += 1
    const name = `sp_${scope.depth}`
    this.#statement(`SAVEPOINT ${name}`).run()
    try {
      const result = await work()
      this.#statement(`RELEASE ${name}`).run()
      return result
    } catch (error) {
      this.#statement(`ROLLBACK TO ${name}`).run()
      this.#statement(`RELEASE ${name}`).run()
      throw error
    } finally {
      scope.depth -= 1
    }
  }

  async exclusively<T>(_name: string, work: () => Promise<T>): Promise<T> {
    return work()
  }

  async close(): Promise<void> {
    while (this.#blocked()) await this.#held
    this.#connection.close()
  }
}
