// Which engine a process talks to (architecture §6 "Storage"): PostgreSQL when the configuration
// names a DATABASE_URL, else the embedded SQLite file under DATA_DIR.
import { join } from 'node:path'
import type { ServerConfig } from '../config.ts'
import type { Database } from './database.ts'
import { openPostgres } from './postgres.ts'
import { openSqlite } from './sqlite.ts'

export const SQLITE_FILE = 'exchange.sqlite'

export function openDatabase(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'databasePoolSize'>): Database {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize })
  return openSqlite(join(config.dataDir, SQLITE_FILE))
}
