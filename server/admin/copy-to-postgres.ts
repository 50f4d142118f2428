// `npm run admin -- copy-to-postgres <postgres://…>`: moves an embedded installation up to
// PostgreSQL (architecture §6 "Storage"). The source is DATA_DIR's SQLite database (migrated to the
// latest version first, like every admin command); the target must be an empty PostgreSQL
// database: no tables but ours, and no rows but what our migrations seed. It is refused before
// anything is written to it, then migrated to the same version and filled in ONE transaction that
// also runs the checks, so a failed copy or a failed check leaves it empty (only its identity
// counters may have moved: PostgreSQL never rolls sequences back).
// - Every table is copied row for row, parents before children, ids kept, the identity counters
//   moved past them; the rows the target's migrations seeded (params, configs) are replaced by the
//   source's. Tables are read and compared in pages (keyset on the primary key), so a large
//   installation is never held in memory whole.
// - What SQLite installations keep as files (server/db/shared-files.ts) goes into the database,
//   where PostgreSQL keeps it: the uploaded images (stored_files) and the deposit-address secret
//   (server_secrets; without it every deposit address would change).
// - The checks: the ledger verifies on both sides, every copied table holds the same rows (an
//   order-free digest of each side; on a difference the first differing row is named), and the
//   target's files and secret are exactly DATA_DIR's.
// The SQLite side is read inside one write transaction, so the copy is one consistent instant even
// if a server still runs; stop the server first all the same: what it writes after the copy is not
// copied.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database, Row, SqlValue } from '../db/database.ts'
import { migrate, schemaVersion } from '../db/migrate.ts'
import { openPostgres } from '../db/postgres.ts'
import { str } from '../db/rows.ts'
import { SHARED_FOLDERS, secretFile, writeSharedFile } from '../db/shared-files.ts'
import { DEPOSIT_SECRET } from '../deposits/address.ts'
import { verifyLedger } from '../ledger/verify.ts'
import { isStoredName } from '../uploads/store.ts'

const BATCH = 200
/** Each database keeps its own record of the migrations it applied. */
const MIGRATIONS_TABLE = 'schema_migrations'
/** Empty on SQLite, whose layout keeps these as files under DATA_DIR: the copy fills them from there. */
const FROM_FILES = new Set(['stored_files', 'server_secrets'])
/** The tables the migrations seed: rows there do not make a database "not empty". */
const SEEDED = new Set(['params', 'withdraw_config', 'seconds_config', 'contract_config'])
const DIGEST_MODULUS = 2n ** 256n

export interface CopyReport {
  tables: number
  rows: number
  files: number
}

interface Table {
  name: string
  columns: string[]
  /** The primary key's columns, in key order: pages follow it. */
  key: string[]
}

const quoted = (columns: readonly string[]): string => columns.map((column) => `"${column}"`).join(', ')
const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex')

/** The SQLite database's tables, each after the tables its foreign keys refer to. */
async function tablesInOrder(source: Database): Promise<Table[]> {
  const names = (await source.all("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"))
    .map((row) => str(row, 'name'))
    .filter((name) => name !== MIGRATIONS_TABLE)
  const parents = new Map<string, Set<string>>()
  for (const name of names) {
    const refs = await source.all(`SELECT "table" AS parent FROM pragma_foreign_key_list(?)`, name)
    parents.set(name, new Set(refs.map((row) => str(row, 'parent')).filter((parent) => parent !== name)))
  }
  const ordered: string[] = []
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name)) return
    if (path.has(name)) throw new Error(`foreign keys form a cycle through ${name}`)
    for (const parent of parents.get(name) ?? []) visit(parent, new Set([...path, name]))
    ordered.push(name)
  }
  for (const name of names) visit(name, new Set())
  const tables: Table[] = []
  for (const name of ordered) {
    const info = await source.all('SELECT name, pk FROM pragma_table_info(?) ORDER BY cid', name)
    const key = info.filter((row) => Number(row.pk) > 0).toSorted((a, b) => Number(a.pk) - Number(b.pk)).map((row) => str(row, 'name'))
    if (key.length === 0) throw new Error(`${name} has no primary key to copy it by`)
    tables.push({ name, columns: info.map((row) => str(row, 'name')), key })
  }
  return tables
}

/** A table's rows in pages, in key order: keyset paging, the same SQL on both engines. */
async function* pages(db: Database, table: Table): AsyncGenerator<Row[]> {
  let after: SqlValue[] = []
  for (;;) {
    const where = after.length > 0 ? `WHERE (${quoted(table.key)}) > (${after.map(() => '?').join(', ')})` : ''
    const rows = await db.all(`SELECT ${quoted(table.columns)} FROM "${table.name}" ${where} ORDER BY ${quoted(table.key)} LIMIT ${BATCH}`, ...after)
    if (rows.length > 0) yield rows
    const last = rows.at(-1)
    if (rows.length < BATCH || !last) return
    after = table.key.map((column) => last[column] as SqlValue)
  }
}

/**
 * Why the target cannot take the copy, or undefined: a table that is not ours (another
 * application's database), or a row in any of ours but the seeded ones (an exchange's data).
 */
async function refusal(target: Database, ours: ReadonlySet<string>): Promise<string | undefined> {
  const present = (await target.all('SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename')).map((row) => str(row, 'tablename'))
  const foreign = present.filter((name) => !ours.has(name))
  if (foreign.length > 0) return `the PostgreSQL database holds tables of something else (${foreign.slice(0, 5).join(', ')}): copy into a new, empty database`
  for (const name of present.filter((table) => table !== MIGRATIONS_TABLE && !SEEDED.has(table))) {
    if (await target.get(`SELECT 1 FROM "${name}" LIMIT 1`)) return `the PostgreSQL database is not empty (${name} has rows): copy into a new, empty database`
  }
  return undefined
}

async function copyTable(source: Database, target: Database, table: Table): Promise<number> {
  let rows = 0
  for await (const page of pages(source, table)) {
    const values = page.map(() => `(${table.columns.map(() => '?').join(', ')})`).join(', ')
    const params = page.flatMap((row) => table.columns.map((column) => row[column] as SqlValue))
    await target.run(`INSERT INTO "${table.name}" (${quoted(table.columns)}) VALUES ${values}`, ...params)
    rows += page.length
  }
  // Ids were copied as they were: the next generated id must come after them.
  if (table.columns.includes('id')) {
    await target.run(`SELECT setval(pg_get_serial_sequence('"${table.name}"', 'id'), COALESCE((SELECT max(id) FROM "${table.name}"), 0) + 1, false)
      WHERE pg_get_serial_sequence('"${table.name}"', 'id') IS NOT NULL`)
  }
  return rows
}

/** What the target's stored_files and server_secrets must hold: `folder/name` → SHA-256, name → value. */
interface Carried {
  images: Map<string, string>
  secrets: Map<string, string>
}

/** DATA_DIR's images and the deposit secret, into the database. */
async function copyFiles(dataDir: string, target: Database): Promise<Carried> {
  const carried: Carried = { images: new Map(), secrets: new Map() }
  for (const folder of SHARED_FOLDERS) {
    const names = await readdir(join(dataDir, folder)).catch(() => [] as string[])
    for (const name of names.filter(isStoredName).toSorted()) {
      const bytes = await readFile(join(dataDir, folder, name))
      await writeSharedFile({ db: target, dataDir }, folder, name, bytes)
      carried.images.set(`${folder}/${name}`, sha256(bytes))
    }
  }
  const secret = await readFile(secretFile(dataDir, DEPOSIT_SECRET), 'utf8').catch(() => undefined)
  if (secret !== undefined) {
    // Read as the SQLite layout reads it (trimmed), so the addresses derived stay the same.
    await target.run('INSERT INTO server_secrets (name, value) VALUES (?, ?)', DEPOSIT_SECRET, secret.trim())
    carried.secrets.set(DEPOSIT_SECRET, secret.trim())
  }
  return carried
}

const canonical = (table: Table, row: Row): string =>
  JSON.stringify(table.columns.map((column) => (row[column] instanceof Uint8Array ? Buffer.from(row[column]).toString('base64') : row[column])))

/** An order-free digest of a table's rows (the sum of their SHA-256s) and their count: the engines may order text keys differently. */
async function digest(db: Database, table: Table): Promise<{ rows: number; sum: bigint }> {
  let rows = 0
  let sum = 0n
  for await (const page of pages(db, table)) {
    for (const row of page) sum = (sum + BigInt(`0x${sha256(canonical(table, row))}`)) % DIGEST_MODULUS
    rows += page.length
  }
  return { rows, sum }
}

/** Only once a digest differed: both sides whole, sorted, and the first row that differs. */
async function firstDifference(source: Database, target: Database, table: Table): Promise<string> {
  const all = async (db: Database) => (await db.all(`SELECT ${quoted(table.columns)} FROM "${table.name}"`)).map((row) => canonical(table, row)).toSorted()
  const [left, right] = [await all(source), await all(target)]
  const index = left.findIndex((row, at) => row !== right[at])
  const at = index === -1 ? left.length : index
  return `${table.name} differs after the copy (${left.length} rows in SQLite, ${right.length} in PostgreSQL): ${left[at] ?? '(none)'} ≠ ${right[at] ?? '(none)'}`
}

/** The ledger verifies on both sides, every copied table holds the same rows, and the files and secret are DATA_DIR's. */
async function checkCopy(source: Database, target: Database, tables: readonly Table[], carried: Carried): Promise<void> {
  for (const [side, db] of [['SQLite', source], ['PostgreSQL', target]] as const) {
    const differences = await verifyLedger(db)
    if (differences.length > 0) throw new Error(`the ledger does not verify on ${side}: ${JSON.stringify(differences[0])}`)
  }
  for (const table of tables) {
    const [left, right] = [await digest(source, table), await digest(target, table)]
    if (left.rows !== right.rows || left.sum !== right.sum) throw new Error(await firstDifference(source, target, table))
  }
  const images = new Map((await target.all("SELECT folder, name, encode(sha256(bytes), 'hex') AS digest FROM stored_files")).map((row) => [`${str(row, 'folder')}/${str(row, 'name')}`, str(row, 'digest')]))
  const secrets = new Map((await target.all('SELECT name, value FROM server_secrets')).map((row) => [str(row, 'name'), str(row, 'value')]))
  for (const [what, want, have] of [['images', carried.images, images], ['secrets', carried.secrets, secrets]] as const) {
    const same = want.size === have.size && [...want].every(([name, value]) => have.get(name) === value)
    if (!same) throw new Error(`the ${what} differ after the copy: ${want.size} under DATA_DIR, ${have.size} in PostgreSQL`)
  }
}

export async function copyToPostgres(source: Database, dataDir: string, targetUrl: string): Promise<CopyReport> {
  if (source.engine !== 'sqlite') throw new Error('copy-to-postgres copies from the embedded SQLite database: unset DATABASE_URL')
  // An operator's command over a whole installation: no bound on one statement, as the admin tool's.
  const target = openPostgres(targetUrl, { poolSize: 2, queryTimeoutMs: 0 })
  try {
    const tables = await tablesInOrder(source)
    const ours = new Set([MIGRATIONS_TABLE, ...tables.map((table) => table.name)])
    // Refused before migrating, so a database in use is left exactly as it was.
    const early = await refusal(target, ours)
    if (early) throw new Error(early)
    await migrate(target)
    const [from, to] = [await schemaVersion(source), await schemaVersion(target)]
    if (from !== to) throw new Error(`the schemas differ: SQLite at version ${from}, PostgreSQL at ${to}`)
    const copied = tables.filter((table) => !FROM_FILES.has(table.name))
    return await source.transaction(() =>
      target.transaction(async () => {
        // Again inside the transaction: a server may have started on the target meanwhile.
        const late = await refusal(target, ours)
        if (late) throw new Error(late)
        for (const name of FROM_FILES) {
          if (await source.get(`SELECT 1 FROM "${name}" LIMIT 1`)) throw new Error(`SQLite's ${name} has rows, which its layout never writes: not copied`)
        }
        // What the migrations seeded (parameters, pair configs) is replaced by the source's own rows.
        for (const table of copied.toReversed()) await target.run(`DELETE FROM "${table.name}"`)
        let rows = 0
        for (const table of copied) rows += await copyTable(source, target, table)
        const carried = await copyFiles(dataDir, target)
        await checkCopy(source, target, copied, carried)
        return { tables: copied.length, rows, files: carried.images.size }
      }),
    )
  } finally {
    await target.close()
  }
}
