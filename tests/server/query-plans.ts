// What the engines' passes ask of the database, for tests that pin their cost: a connection that
// notes every statement run through it, and which of those statements read a whole table without
// an index, the cost that grows with every order or position ever made.
// - SQLite: EXPLAIN QUERY PLAN's "SCAN <table>" without an index.
// - PostgreSQL: the generic plan (the one that holds for any values of the parameters) with
//   sequential scans priced out, so that its choice does not hang on how few rows a test's table
//   holds: a Seq Scan that is left means no index can serve the statement at all.
import type { Database } from '../../server/db/database.ts'
import { numberPlaceholders } from '../../server/db/placeholders.ts'

const RUNS = new Set(['get', 'all', 'run', 'insert'])

/** `db`, but noting the SQL of every statement run through it in `seen`. */
export function notingPrepared(db: Database): { db: Database; seen: Set<string> } {
  const seen = new Set<string>()
  const noting = new Proxy(db, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target)
      if (typeof value !== 'function') return value
      if (typeof name === 'string' && RUNS.has(name)) {
        return (sql: string, ...params: unknown[]) => (seen.add(sql), Reflect.apply(value, target, [sql, ...params]))
      }
      return value.bind(target)
    },
  })
  return { db: noting, seen }
}

const folded = (sql: string) => sql.replace(/\s+/g, ' ')

async function sqliteScans(db: Database, sql: string, table: string): Promise<string[]> {
  return (await db.all(`EXPLAIN QUERY PLAN ${sql}`))
    .map((row) => String(row.detail))
    // A scan of a (partial) index reads only that index's rows; a bare SCAN reads them all.
    .filter((detail) => detail === `SCAN ${table}` || (detail.startsWith(`SCAN ${table} `) && !/USING (COVERING )?INDEX/.test(detail)))
}

interface PlanNode {
  'Node Type'?: string
  'Relation Name'?: string
  Plans?: PlanNode[]
}

const seqScansOf = (node: PlanNode, table: string): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] === table ? [`Seq Scan on ${table}`] : []),
  ...(node.Plans ?? []).flatMap((child) => seqScansOf(child, table)),
]

let probes = 0

async function postgresScans(db: Database, sql: string, table: string): Promise<string[]> {
  const { text, count } = numberPlaceholders(sql)
  const name = `plan_probe_${++probes}`
  // PREPARE is the session's, so the probe runs on one connection: a transaction's.
  return db.transaction(async () => {
    await db.exec(`SET LOCAL enable_seqscan = off; SET LOCAL plan_cache_mode = force_generic_plan; PREPARE ${name} AS ${text}`)
    try {
      const args = count === 0 ? '' : `(${Array.from({ length: count }, () => 'NULL').join(', ')})`
      const row = await db.get(`EXPLAIN (FORMAT JSON) EXECUTE ${name}${args}`)
      const plan = row?.['QUERY PLAN'] as Array<{ Plan: PlanNode }> | undefined
      if (!plan?.[0]) throw new Error(`no plan for ${sql}`)
      return seqScansOf(plan[0].Plan, table)
    } finally {
      await db.exec(`DEALLOCATE ${name}`)
    }
  })
}

/** The statements among `sqls` that read all of `table` without an index (whitespace folded, one entry per scan). */
export async function fullScans(db: Database, sqls: Iterable<string>, table: string): Promise<string[]> {
  const scans: string[] = []
  for (const sql of sqls) {
    if (!sql.includes(table)) continue
    const found = db.engine === 'postgres' ? await postgresScans(db, sql, table) : await sqliteScans(db, sql, table)
    for (const _ of found) scans.push(folded(sql))
  }
  return scans
}
