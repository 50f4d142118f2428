import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

/** Opens (creating if needed) the SQLite file with the settings every connection must have. */
export function openDatabase(file: string): DatabaseSync {
  mkdirSync(dirname(file), { recursive: true })
  // timeout is SQLite's busy_timeout: a second process (a CLI, a backup) waits instead of failing.
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 })
  // WAL lets readers run while one writer commits; NORMAL sync is durable across process crashes
  // and only risks the last transactions on power loss, the usual trade-off with WAL.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;')
  return db
}
