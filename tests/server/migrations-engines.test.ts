// The two migration folders are one numbered list (server/db/migrations/README.md): a fresh SQLite
// file and a fresh PostgreSQL database migrated to the last version must hold the same schema —
// tables, columns (order, nullability, type family), keys, foreign keys, indexes with their
// predicates — the same seed rows, and CHECKs that refuse the same values. The PostgreSQL half
// needs TEST_PG_ADMIN_URL (a maintenance database on a server this test may create databases on).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, SqlValue } from '../../server/db/database.ts'
import { MIGRATIONS_DIR, migrate, migrationFiles } from '../../server/db/migrate.ts'
import { openPostgres } from '../../server/db/postgres.ts'
import { openSqlite } from '../../server/db/sqlite.ts'

const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL

type Family = 'integer' | 'decimal' | 'text' | 'bytes'

interface Table {
  columns: { name: string; nullable: boolean; family: string }[]
  primaryKey: string
  uniques: string[]
  foreignKeys: string[]
}

interface Index {
  table: string
  columns: string
  unique: boolean
  /** The partial index's WHERE, reduced to the columns and the literals it names (the dialects print it differently). */
  where: string | null
}

interface Schema {
  tables: Record<string, Table>
  indexes: Record<string, Index>
}

const ON_DELETE: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' }
const text = (value: unknown): string => String(value)
const sortedJoin = (items: string[]): string[] => items.toSorted()

function predicate(where: string | null, columns: string[]): string | null {
  if (where === null) return null
  const literals = (where.match(/'(?:[^']|'')*'|\b\d+\b/g) ?? []).toSorted()
  const words = new Set(where.replace(/'(?:[^']|'')*'/g, '').match(/[a-z_][a-z0-9_]*/gi) ?? [])
  return `${columns.filter((column) => words.has(column)).toSorted().join(',')} | ${literals.join(',')}`
}

// SQLite has no decimal type: money is TEXT holding bignumber.js strings. A decimal column is one
// whose CHECK reads it as digits ("x GLOB '[0-9]*'", or '0…' for a rate), or one of these, which
// hold decimals the code writes without a CHECK.
const SQLITE_UNCHECKED_DECIMALS = new Set([
  'asset_records.amount', 'asset_records.fee', 'asset_records.actual_arrival',
  'seconds_orders.income_rate', 'seconds_orders.open_price', 'seconds_orders.settle_price',
  'spot_orders.triggered_price',
  'spot_fills.price', 'spot_fills.amount', 'spot_fills.quote_amount', 'spot_fills.fee',
  'contract_positions.limit_price', 'contract_positions.entry_price', 'contract_positions.maintenance_margin_rate',
  'contract_positions.liquidation_price', 'contract_positions.stop_loss', 'contract_positions.take_profit',
  'contract_positions.exit_price',
])

function sqliteFamily(table: string, tableSql: string, column: string, declared: string): Family | string {
  // SQLite's own affinity rules: any type naming INT is an integer (BIGINT too), BLOB is bytes.
  const type = declared.toUpperCase()
  if (type.includes('INT')) return 'integer'
  if (type === 'BLOB') return 'bytes'
  if (type !== 'TEXT') return type
  const readAsDigits = new RegExp(`\\b${column} GLOB '(\\[0-9\\]|0)`).test(tableSql)
  return readAsDigits || SQLITE_UNCHECKED_DECIMALS.has(`${table}.${column}`) ? 'decimal' : 'text'
}

function postgresFamily(type: string): Family | string {
  if (type === 'integer' || type === 'bigint' || type === 'smallint') return 'integer'
  if (type === 'numeric') return 'decimal'
  if (type === 'text') return 'text'
  if (type === 'bytea') return 'bytes'
  return type
}

async function sqliteSchema(db: Database): Promise<Schema> {
  const schema: Schema = { tables: {}, indexes: {} }
  const tables = await db.all("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
  for (const { name, sql } of tables.map((row) => ({ name: text(row.name), sql: text(row.sql) }))) {
    const info = await db.all('SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid', name)
    const columnNames = info.map((column) => text(column.name))
    // A PRIMARY KEY column is never NULL on PostgreSQL; SQLite reports it nullable unless declared
    // NOT NULL (a legacy quirk the code never relies on), so key columns count as NOT NULL here.
    const columns = info.map((column) => ({
      name: text(column.name),
      nullable: column.notnull === 0 && column.pk === 0,
      family: sqliteFamily(name, sql, text(column.name), text(column.type)),
    }))
    const primaryKey = info.filter((column) => Number(column.pk) > 0).toSorted((a, b) => Number(a.pk) - Number(b.pk)).map((column) => text(column.name)).join(',')
    const uniques: string[] = []
    for (const index of await db.all('SELECT name, "unique", origin, partial FROM pragma_index_list(?)', name)) {
      const indexColumns = (await db.all('SELECT name FROM pragma_index_info(?) ORDER BY seqno', text(index.name))).map((row) => text(row.name)).join(',')
      if (index.origin === 'u') uniques.push(indexColumns)
      if (index.origin !== 'c') continue
      const indexSql = text((await db.get("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", text(index.name)))?.sql)
      const where = index.partial === 1 ? (/\bWHERE\b([\s\S]*)$/i.exec(indexSql)?.[1] ?? '').trim() : null
      schema.indexes[text(index.name)] = { table: name, columns: indexColumns, unique: index.unique === 1, where: predicate(where, columnNames) }
    }
    const references = new Map<number, { table: string; from: string[]; to: string[]; onDelete: string }>()
    for (const key of await db.all('SELECT id, seq, "table", "from", "to", on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq', name)) {
      const entry = references.get(Number(key.id)) ?? { table: text(key.table), from: [], to: [], onDelete: text(key.on_delete) }
      entry.from.push(text(key.from))
      entry.to.push(text(key.to))
      references.set(Number(key.id), entry)
    }
    const foreignKeys = [...references.values()].map((key) => `${key.from.join(',')} -> ${key.table}(${key.to.join(',')}) on delete ${key.onDelete}`)
    schema.tables[name] = { columns, primaryKey, uniques: sortedJoin(uniques), foreignKeys: sortedJoin(foreignKeys) }
  }
  return schema
}

const PG_KEY_COLUMNS = (keys: string, relation: string) => `(SELECT string_agg(a.attname, ',' ORDER BY k.ord)
  FROM unnest(${keys}) WITH ORDINALITY AS k(attnum, ord) JOIN pg_attribute a ON a.attrelid = ${relation} AND a.attnum = k.attnum)`

async function postgresSchema(db: Database): Promise<Schema> {
  const schema: Schema = { tables: {}, indexes: {} }
  const columns = await db.all(`SELECT table_name, column_name, is_nullable, data_type FROM information_schema.columns
    WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`)
  const tableOf = (name: unknown): Table => (schema.tables[text(name)] ??= { columns: [], primaryKey: '', uniques: [], foreignKeys: [] })
  for (const column of columns) {
    const table = tableOf(column.table_name)
    table.columns.push({ name: text(column.column_name), nullable: column.is_nullable === 'YES', family: postgresFamily(text(column.data_type)) })
  }
  const constraints = await db.all(`SELECT c.contype, t.relname AS table_name, f.relname AS foreign_table, c.confdeltype,
      ${PG_KEY_COLUMNS('c.conkey', 'c.conrelid')} AS columns, ${PG_KEY_COLUMNS('c.confkey', 'c.confrelid')} AS foreign_columns
    FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    LEFT JOIN pg_class f ON f.oid = c.confrelid
    WHERE n.nspname = 'public' AND c.contype IN ('p', 'u', 'f')`)
  for (const constraint of constraints) {
    const table = tableOf(constraint.table_name)
    if (constraint.contype === 'p') table.primaryKey = text(constraint.columns)
    if (constraint.contype === 'u') table.uniques.push(text(constraint.columns))
    if (constraint.contype === 'f') {
      table.foreignKeys.push(`${text(constraint.columns)} -> ${text(constraint.foreign_table)}(${text(constraint.foreign_columns)}) on delete ${ON_DELETE[text(constraint.confdeltype)]}`)
    }
  }
  for (const table of Object.values(schema.tables)) {
    table.uniques = sortedJoin(table.uniques)
    table.foreignKeys = sortedJoin(table.foreignKeys)
  }
  // Indexes of their own, not the ones behind a primary key or unique constraint.
  const indexes = await db.all(`SELECT i.relname AS index_name, t.relname AS table_name, x.indisunique AS is_unique,
      ${PG_KEY_COLUMNS('x.indkey::int2[]', 'x.indrelid')} AS columns, pg_get_expr(x.indpred, x.indrelid) AS predicate
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u'))`)
  for (const index of indexes) {
    const table = text(index.table_name)
    const names = tableOf(table).columns.map((column) => column.name)
    const where = index.predicate === null ? null : text(index.predicate)
    schema.indexes[text(index.index_name)] = { table, columns: text(index.columns), unique: index.is_unique === true, where: predicate(where, names) }
  }
  return schema
}

/** Every table's rows in key order: the seed rows the migrations insert. */
async function contents(db: Database, schema: Schema): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {}
  for (const [name, table] of Object.entries(schema.tables)) {
    if (name === 'schema_migrations') continue
    rows[name] = await db.all(`SELECT * FROM ${name} ORDER BY ${table.primaryKey || table.columns.map((column) => column.name).join(', ')}`)
  }
  return rows
}

const USER = `INSERT INTO users (id, uid, email, password_hash, invitation_code, created_at) VALUES (1, '10000001', 'probe@example.com', 'x', 'INV1', 1)`
const ENTRY = `INSERT INTO ledger_entries (id, kind, created_at) VALUES (1, 'probe', 1)`
const KYC = `INSERT INTO kyc_submissions (user_id, name, doc_type, doc_number, front_photo, back_photo, state, submitted_at) VALUES (1, 'A', 1, 'N', 'f', 'b', 1, 1)`
const BALANCE = 'INSERT INTO balances (user_id, account_type, currency, available) VALUES (1, 1, ?, ?)'
const POSTING = `INSERT INTO ledger_postings (entry_id, user_id, account_type, bucket, system, currency, amount) VALUES (1, ?, ?, ?, ?, 'USDT', ?)`
const LAUNCH = `INSERT INTO launch_projects (symbol, name, price, for_sale, min_per_user, max_per_user, precision, warmup_start, join_start, join_end,
  lock_days, unlock_at, descriptions, hue, created_at) VALUES ('PRB', 'Probe', '0.5', '1000', '1', '10', 2, 1, 2, 3, 0, 3, ?, 10, 1)`

/** Statements tried one by one on a migrated database holding the fixture rows above, and what each engine must answer. */
const PROBES: { what: string; sql: string; params: SqlValue[]; expected: 'accepted' | 'check' | 'unique' }[] = [
  { what: 'a positive balance', sql: BALANCE, params: ['USDT', '1.5'], expected: 'accepted' },
  { what: 'a negative balance', sql: BALANCE, params: ['USDT', '-1'], expected: 'check' },
  { what: 'a NaN balance', sql: BALANCE, params: ['USDT', 'NaN'], expected: 'check' },
  { what: 'a lower-case currency', sql: BALANCE, params: ['usdt', '1'], expected: 'check' },
  { what: 'a signed user posting', sql: POSTING, params: [1, 1, 'available', null, '-2.5'], expected: 'accepted' },
  { what: 'a zero posting', sql: POSTING, params: [1, 1, 'available', null, '0'], expected: 'check' },
  { what: 'an infinite posting', sql: POSTING, params: [null, null, null, 'outside', 'Infinity'], expected: 'check' },
  { what: 'a posting to a lower-case system account', sql: POSTING, params: [null, null, null, 'market', '3'], expected: 'accepted' },
  { what: 'a posting to a system account in capitals', sql: POSTING, params: [null, null, null, 'House', '3'], expected: 'check' },
  { what: 'a posting to a user and a system account', sql: POSTING, params: [1, 1, 'available', 'outside', '3'], expected: 'check' },
  { what: 'a withdrawal fee above the minimum', sql: "UPDATE withdraw_config SET fee = '20' WHERE currency = 'USDT'", params: [], expected: 'check' },
  { what: 'a maintenance margin rate of 1', sql: "UPDATE contract_config SET maintenance_margin_rate = '1' WHERE symbol = 'btcusdt'", params: [], expected: 'check' },
  { what: 'a maintenance margin rate of 9 decimals', sql: "UPDATE contract_config SET maintenance_margin_rate = '0.000000001' WHERE symbol = 'btcusdt'", params: [], expected: 'check' },
  { what: 'leverages with an empty multiple', sql: "UPDATE contract_config SET leverages = '1,,5' WHERE symbol = 'btcusdt'", params: [], expected: 'check' },
  { what: 'record kind 99', sql: "INSERT INTO asset_records (user_id, account_type, trade_type, currency, amount, status, created_at, updated_at) VALUES (1, 1, 99, 'USDT', '-1', 1, 1, 1)", params: [], expected: 'accepted' },
  { what: 'record kind 100', sql: "INSERT INTO asset_records (user_id, account_type, trade_type, currency, amount, status, created_at, updated_at) VALUES (1, 1, 100, 'USDT', '-1', 1, 1, 1)", params: [], expected: 'check' },
  { what: 'a launch project with JSON descriptions', sql: LAUNCH, params: ['{"en-US": "x"}'], expected: 'accepted' },
  { what: 'a launch project with broken descriptions', sql: LAUNCH, params: ['{"en-US": '], expected: 'check' },
  { what: 'a second open identity submission', sql: KYC, params: [], expected: 'unique' },
]

const ROLLBACK = new Error('probe done')

/** Runs one statement in a transaction that never commits, answering how the database took it. */
async function attempt(db: Database, sql: string, params: SqlValue[]): Promise<string> {
  try {
    await db.transaction(async () => {
      await db.run(sql, ...params)
      throw ROLLBACK
    })
  } catch (error) {
    if (error === ROLLBACK) return 'accepted'
    const { code, message } = error as { code?: string; message?: string }
    if (code === '23514' || /CHECK constraint failed/.test(message ?? '')) return 'check'
    if (code === '23505' || /UNIQUE constraint failed/.test(message ?? '')) return 'unique'
    return `failed: ${message}`
  }
  return 'committed?'
}

async function probe(db: Database): Promise<Record<string, string>> {
  for (const sql of [USER, ENTRY, KYC]) await db.run(sql)
  const answers: Record<string, string> = {}
  for (const { what, sql, params } of PROBES) answers[what] = await attempt(db, sql, params)
  return answers
}

const EXPECTED = Object.fromEntries(PROBES.map(({ what, expected }) => [what, expected]))

describe('migrations: one numbered list, two engines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-engines-'))
  const sqlite = openSqlite(join(dir, 'exchange.sqlite'))
  let postgres: Database | undefined
  // Read before the probes below add their fixture rows.
  let sqliteMigrated: { schema: Schema; rows: Record<string, unknown[]>; versions: unknown[] }
  const versions = 'SELECT version, name FROM schema_migrations ORDER BY version'
  const pgName = `migrations_${process.pid}_${randomBytes(4).toString('hex')}`

  async function admin(sql: string): Promise<void> {
    const client = new Client({ connectionString: PG_ADMIN_URL })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    await migrate(sqlite)
    const schema = await sqliteSchema(sqlite)
    sqliteMigrated = { schema, rows: await contents(sqlite, schema), versions: await sqlite.all(versions) }
    if (!PG_ADMIN_URL) return
    await admin(`CREATE DATABASE ${pgName}`)
    const url = new URL(PG_ADMIN_URL)
    url.pathname = `/${pgName}`
    postgres = openPostgres(url.toString(), { poolSize: 2 })
    await migrate(postgres)
  }, 60_000)

  afterAll(async () => {
    await sqlite.close()
    rmSync(dir, { recursive: true, force: true })
    await postgres?.close()
    if (PG_ADMIN_URL) await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`)
  })

  it('both folders hold the same file names', () => {
    const sqliteFiles = migrationFiles('sqlite', join(MIGRATIONS_DIR, 'sqlite'))
    expect(sqliteFiles.length).toBeGreaterThanOrEqual(12)
    expect(migrationFiles('postgres', join(MIGRATIONS_DIR, 'postgres'))).toEqual(sqliteFiles)
  })

  it('SQLite: the schema reads as expected, and its CHECKs refuse what they must', async () => {
    const { schema, versions: applied } = sqliteMigrated
    expect(applied.length).toBe(migrationFiles('sqlite').length)
    // The readers see what the comparison below relies on (so that it cannot pass on empty schemas).
    expect(schema.tables.balances?.columns.find((column) => column.name === 'available')?.family).toBe('decimal')
    expect(schema.tables.ledger_postings?.foreignKeys).toContain('entry_id -> ledger_entries(id) on delete NO ACTION')
    expect(schema.indexes.kyc_one_open_per_user).toEqual({ table: 'kyc_submissions', columns: 'user_id', unique: true, where: 'state | 1,2' })
    expect(await probe(sqlite)).toEqual(EXPECTED)
  })

  it.skipIf(!PG_ADMIN_URL)('PostgreSQL (TEST_PG_ADMIN_URL): the same versions, schema and seed rows as SQLite', async () => {
    const db = postgres!
    expect(await db.all(versions)).toEqual(sqliteMigrated.versions)
    const [expected, actual] = [sqliteMigrated.schema, await postgresSchema(db)]
    expect(Object.keys(actual.tables).toSorted()).toEqual(Object.keys(expected.tables).toSorted())
    for (const name of Object.keys(expected.tables)) expect.soft(actual.tables[name], name).toEqual(expected.tables[name])
    expect(actual.indexes).toEqual(expected.indexes)
    expect(await contents(db, expected)).toEqual(sqliteMigrated.rows)
    // Row ids are identities that a copy from SQLite may still write.
    const ids = await db.all(`SELECT table_name, is_identity, identity_generation FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'id' ORDER BY table_name`)
    expect(ids.length).toBeGreaterThan(10)
    for (const id of ids) expect.soft(id, text(id.table_name)).toMatchObject({ is_identity: 'YES', identity_generation: 'BY DEFAULT' })
  })

  it.skipIf(!PG_ADMIN_URL)('PostgreSQL (TEST_PG_ADMIN_URL): its CHECKs refuse what SQLite refuses', async () => {
    expect(await probe(postgres!)).toEqual(EXPECTED)
  })
})
