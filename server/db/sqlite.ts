// The embedded engine: one node:sqlite connection to a file under DATA_DIR (architecture §6).
// node:sqlite is synchronous, so the async `Database` around it must keep requests from meeting
// inside one connection's open transaction: a transaction holds this connection until it ends, and
// a call from outside it waits its turn (an AsyncLocalStorage tells the transaction's own calls,
// which run at once, from everyone else's). Other processes on the same file (the admin CLI, a
// second server in the tests) are kept apart by SQLite's own write lock, waited for up to
// `timeout` ms; a wait that runs out is a DatabaseBusyError.
// A full disk or a failing one (server/db/storage-faults.ts) is a StorageFullError or a
// DatabaseUnavailableError. SQLite may roll the whole transaction back on such an error: from then
// on every statement of that transaction fails with the same error, even if its caller caught the
// first one, so that nothing runs outside the transaction it was written for (and half a unit of
// work never commits).
// The file is looked at before it is opened for writing (server/db/foreign-database.ts): one that
// is not this server's database is refused untouched.
import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { type Database, DatabaseBusyError, DatabaseUnavailableError, type Row, type RunResult, type SqlValue, type TransactionOptions } from './database.ts'
import { refuseForeignSqliteFile } from './foreign-database.ts'
import { sqliteFault } from './storage-faults.ts'

const SQLITE_BUSY = 5

interface Scope {
  /** False once the transaction ended: a call that outlives it must not run as if inside. */
  open: boolean
  depth: number
  /** A storage fault met inside: the transaction is over (or will be rolled back), whoever caught it. */
  lost?: DatabaseUnavailableError
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
  if (file !== ':memory:') {
    refuseForeignSqliteFile(file)
    mkdirSync(dirname(file), { recursive: true })
  }
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
   * Runs one statement, its errors as the seam's: busy, a storage fault, or what SQLite said. Inside
   * a transaction that a storage fault already ended it runs nothing and throws that fault again.
   */
  #guard<T>(work: () => T): T {
    const scope = this.#scope.getStore()
    const inside = scope?.open === true
    if (inside && scope.lost) throw scope.lost
    if (inside && !this.#connection.isTransaction) {
      // Rolled back under its body by an error someone caught: nothing may run outside it.
      scope.lost = new DatabaseUnavailableError(new Error('the transaction was rolled back by the database'))
      throw scope.lost
    }
    try {
      return work()
    } catch (error) {
      if (isBusy(error)) throw new DatabaseBusyError(error)
      const fault = sqliteFault(error)
      if (!fault) throw error
      if (inside) scope.lost = fault
      throw fault
    }
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
    return this.#guard(() => this.#statement(sql).get(...params))
  }

  async all(sql: string, ...params: SqlValue[]): Promise<Row[]> {
    while (this.#blocked()) await this.#held
    return this.#guard(() => this.#statement(sql).all(...params))
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
        // Inside the scope, so that a transaction a fault ended refuses to commit.
        this.#scope.run(own, () => this.#guard(() => this.#statement('COMMIT').run()))
        return result
      } catch (error) {
        // SQLite may already have rolled back (a full disk); a failing ROLLBACK must not hide why.
        if (this.#connection.isTransaction) {
          try {
            this.#statement('ROLLBACK').run()
          } catch {
            // In WAL mode a rollback only drops this connection's own pages; should even that fail,
            // the next BEGIN says so, and this error is the one the caller must see.
          }
        }
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
    let begun = false
    try {
      this.#guard(() => this.#statement(`SAVEPOINT ${name}`).run())
      begun = true
      const result = await work()
      this.#guard(() => this.#statement(`RELEASE ${name}`).run())
      return result
    } catch (error) {
      // After a storage fault the transaction is doomed (and maybe gone): nothing to roll back to.
      if (begun && !scope.lost) {
        try {
          this.#statement(`ROLLBACK TO ${name}`).run()
          this.#statement(`RELEASE ${name}`).run()
        } catch (rollbackError) {
          // Then the whole transaction must not commit; the caller still learns the first error.
          scope.lost = sqliteFault(rollbackError) ?? new DatabaseUnavailableError(rollbackError, 'the transaction could not be rolled back')
        }
      }
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
