// Which engine a process talks to (architecture §6 "Storage"): PostgreSQL when the configuration
// names a DATABASE_URL, else the embedded SQLite file under DATA_DIR.
import { join } from 'node:path'
import type { ServerConfig } from '../config.ts'
import type { Database } from './database.ts'
import { openPostgres } from './postgres.ts'
import { openSqlite } from './sqlite.ts'

export const SQLITE_FILE = 'exchange.sqlite'

export interface OpenOptions {
  /**
   * PostgreSQL: a statement that has not answered in this long counts as a lost database (default
   * postgres.ts's QUERY_TIMEOUT_MS, the server's bound; 0 for none, the admin tool's long reads).
   */
  queryTimeoutMs?: number
}

/**
 * Opens the configured database. A SQLite file that is not this server's database is refused here,
 * untouched; a PostgreSQL database, by migrate() before it writes (server/db/foreign-database.ts).
 */
export function openDatabase(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'databasePoolSize'>, options: OpenOptions = {}): Database {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize, queryTimeoutMs: options.queryTimeoutMs })
  return openSqlite(join(config.dataDir, SQLITE_FILE))
}
