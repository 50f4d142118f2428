// The numbered migration files of each engine (architecture §6 "Storage"), and what they make:
// read by migrate.ts to apply them and by foreign-database.ts to tell this server's database from
// another's.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Engine } from './database.ts'

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
export const MIGRATIONS_TABLE = 'schema_migrations'
const FILE_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/
const CREATED = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?/gi
const RENAMED = /\bRENAME\s+TO\s+"?(\w+)"?/gi

/** The migration files of one engine, in order. */
export function migrationFiles(engine: Engine, dir: string = join(MIGRATIONS_DIR, engine)): string[] {
  return readdirSync(dir).filter((name) => FILE_NAME.test(name)).toSorted()
}

/** A migration file's version: the number its name starts with. */
export const versionOf = (name: string): number => Number(name.slice(0, 3))

/** Every table the migrations in `dir` may have made (lower case), and every version they record. */
export function migratedSchema(engine: Engine, dir: string = join(MIGRATIONS_DIR, engine)): { tables: Set<string>; versions: Set<number> } {
  const tables = new Set([MIGRATIONS_TABLE])
  const versions = new Set<number>()
  for (const name of migrationFiles(engine, dir)) {
    versions.add(versionOf(name))
    const sql = readFileSync(join(dir, name), 'utf8')
    for (const pattern of [CREATED, RENAMED]) for (const match of sql.matchAll(pattern)) if (match[1]) tables.add(match[1].toLowerCase())
  }
  return { tables, versions }
}
