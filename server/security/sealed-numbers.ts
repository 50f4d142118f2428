// The two numbers the exchange keeps sealed (architecture §6 "Data at rest"): the collection
// account's card number and the identity document's number. Each row keeps, since migration 015:
// - `<name>_sealed`: the number sealed under the data key (sealing.ts; bound to its table, column
//   and owner, so it opens nowhere else);
// - `<name>_masked`: what the owner is shown (the card's last four; the document's first and last
//   characters), so answering the owner never needs the key;
// - the old plain column, '' from then on. SQL cannot encrypt, so migration 015 only adds the
//   columns, and sealPlainNumbers() — run by every server start — seals what an older release
//   stored in plain, one transaction per table, and blanks it (the plain columns stay, empty, since
//   dropping them would lose the numbers of a database not yet started once by this release).
// Only two things ever open a sealed number: the operator's `admin kyc show` (revealNumber) and
// `admin keys rotate` (resealAll). The owner's answers and every other path read the masks.
import type { ServerConfig } from '../config.ts'
import type { Database, Row, SqlValue } from '../db/database.ts'
import { num, str, strOrNull } from '../db/rows.ts'
import { maskCardNumber, maskMiddle } from '../../src/contract/profile.ts'
import { type DataKey, dataKeyFile, type Keyring, loadKeyring, MissingKeyFileError } from './data-key.ts'
import { KEY_ID_AT, KEY_ID_LENGTH, seal, unseal, UnsealError } from './sealing.ts'

export interface NumberColumn {
  /** How the operator's tools name it. */
  what: string
  table: string
  /** The row's key, and the owner the sealed value is bound to. */
  key: string
  owner: 'user_id'
  /** The plain column of releases before migration 015: '' once sealed. */
  plain: string
  sealed: string
  masked: string
  mask: (plain: string) => string
}

export const CARD_NUMBER: NumberColumn = {
  what: 'card numbers',
  table: 'collection_accounts',
  key: 'user_id',
  owner: 'user_id',
  plain: 'card_number',
  sealed: 'card_number_sealed',
  masked: 'card_number_masked',
  mask: maskCardNumber,
}

export const DOC_NUMBER: NumberColumn = {
  what: 'identity-document numbers',
  table: 'kyc_submissions',
  key: 'id',
  owner: 'user_id',
  plain: 'doc_number',
  sealed: 'doc_number_sealed',
  masked: 'doc_number_masked',
  mask: (plain) => maskMiddle(plain),
}

/**
 * A two-factor key (security/two-factor/, migration 018): sealed from the start, so its plain
 * column is always '' and it has no mask; listed here so that keys rotate/prune and the start's
 * check of missing keys see it like the numbers.
 */
export const TOTP_KEY: NumberColumn = {
  what: 'two-factor keys',
  table: 'totp_keys',
  key: 'user_id',
  owner: 'user_id',
  plain: 'secret',
  sealed: 'secret_sealed',
  masked: 'secret_masked',
  mask: () => '',
}

export const NUMBER_COLUMNS: readonly NumberColumn[] = [CARD_NUMBER, DOC_NUMBER, TOTP_KEY]

/** What a row stores of one number: never the number itself. */
export interface StoredNumber {
  sealed: string
  masked: string
}

/** The additional data a value is sealed with: a value copied to another row or column does not open. */
const placeOf = (column: NumberColumn, ownerId: number): string => `${column.table}.${column.plain}:${ownerId}`

const keyIdSql = (column: NumberColumn): string => `substr(${column.sealed}, ${KEY_ID_AT}, ${KEY_ID_LENGTH})`

/** Seals a number for its owner's row under the key file's current key (read before any transaction). */
export async function sealNumber(config: Pick<ServerConfig, 'dataDir' | 'dataKeyFile'>, column: NumberColumn, ownerId: number, plain: string): Promise<StoredNumber> {
  const keyring = await loadKeyring(dataKeyFile(config))
  return sealWith(keyring.current, column, ownerId, plain)
}

const sealWith = (key: DataKey, column: NumberColumn, ownerId: number, plain: string): StoredNumber => ({
  sealed: seal(key, plain, placeOf(column, ownerId)),
  masked: column.mask(plain),
})

/** What the owner is shown: the stored mask, or (a row not sealed yet) the mask of its plain value. */
export function maskedOf(row: Row, column: NumberColumn): string {
  const masked = strOrNull(row, column.masked) ?? ''
  return masked !== '' ? masked : column.mask(str(row, column.plain))
}

export type Revealed = { ok: true; value: string } | { ok: false; reason: string }

/** The whole number, for an operator's eyes only (admin kyc show). */
export async function revealNumber(config: Pick<ServerConfig, 'dataDir' | 'dataKeyFile'>, column: NumberColumn, row: Row): Promise<Revealed> {
  const sealed = strOrNull(row, column.sealed)
  if (sealed === null) return { ok: true, value: str(row, column.plain) }
  try {
    return { ok: true, value: unseal(await loadKeyring(dataKeyFile(config)), sealed, placeOf(column, num(row, column.owner))) }
  } catch (error) {
    if (error instanceof UnsealError || error instanceof MissingKeyFileError) return { ok: false, reason: error.message }
    throw error
  }
}

const PAGE = 500

/**
 * Re-seals, in one transaction per table, every row `pick` selects: its plain value, or its sealed
 * one opened with `keyring`, sealed again under `target`, the plain column blanked. Each update is
 * conditional on the values read, so a row its owner changed meanwhile is left as they wrote it.
 * Rows whose key the keyring lacks are counted, never touched. On SQLite the freed bytes are
 * zeroed (secure_delete) and the WAL emptied after; on PostgreSQL the tables are rewritten
 * (VACUUM FULL), so the old values do not linger in the database's files.
 */
async function resealRows(db: Database, keyring: Keyring, target: DataKey, pick: (column: NumberColumn) => { where: string; params: SqlValue[] }): Promise<ResealReport> {
  const report: ResealReport = { sealed: new Map(), unreadable: new Map() }
  await withSecureDelete(db, async () => {
    for (const column of NUMBER_COLUMNS) {
      const { where, params } = pick(column)
      const done = await db.transaction(async () => {
        let sealed = 0
        const unreadable = new Map<string, number>()
        let after: SqlValue = -1
        for (;;) {
          const rows = await db.all(
            `SELECT ${column.key}, ${column.owner}, ${column.plain}, ${column.sealed} FROM ${column.table}
               WHERE ${column.key} > ? AND (${where}) ORDER BY ${column.key} LIMIT ${PAGE}`,
            after,
            ...params,
          )
          for (const row of rows) {
            const owner = num(row, column.owner)
            const old = strOrNull(row, column.sealed)
            let plain = str(row, column.plain)
            if (plain === '' && old !== null) {
              try {
                plain = unseal(keyring, old, placeOf(column, owner))
              } catch (error) {
                if (!(error instanceof UnsealError)) throw error
                const id = error.keyId ?? '(damaged)'
                unreadable.set(id, (unreadable.get(id) ?? 0) + 1)
                continue
              }
            }
            const fresh = sealWith(target, column, owner, plain)
            const changed = await db.run(
              `UPDATE ${column.table} SET ${column.sealed} = ?, ${column.masked} = ?, ${column.plain} = ''
                 WHERE ${column.key} = ? AND ${column.plain} = ? AND COALESCE(${column.sealed}, '') = ?`,
              fresh.sealed,
              fresh.masked,
              num(row, column.key),
              str(row, column.plain),
              old ?? '',
            )
            sealed += changed.changes
          }
          const last = rows.at(-1)
          if (rows.length < PAGE || !last) break
          after = num(last, column.key)
        }
        return { sealed, unreadable }
      })
      report.sealed.set(column, done.sealed)
      report.unreadable.set(column, done.unreadable)
    }
  })
  if ([...report.sealed.values()].some((count) => count > 0)) await scrubFreedSpace(db)
  return report
}

export interface ResealReport {
  /** Rows sealed anew, per column. */
  sealed: Map<NumberColumn, number>
  /** Rows left as they were because the key file lacks their key, per column and key id. */
  unreadable: Map<NumberColumn, Map<string, number>>
}

/** The start-up step: every number an older release stored in plain, sealed under the current key and blanked. */
export const sealPlainNumbers = (db: Database, keyring: Keyring): Promise<ResealReport> =>
  resealRows(db, keyring, keyring.current, (column) => ({ where: `${column.plain} <> ''`, params: [] }))

/** `keys rotate`: every stored number (sealed under another key, or still plain) sealed under `target`. */
export const resealAll = (db: Database, keyring: Keyring, target: DataKey): Promise<ResealReport> =>
  resealRows(db, keyring, target, (column) => ({
    where: `${column.plain} <> '' OR (${column.sealed} IS NOT NULL AND ${keyIdSql(column)} <> ?)`,
    params: [target.id],
  }))

/** How many stored numbers each key id seals (all columns together), and how many are still plain. */
export async function keysInUse(db: Database): Promise<{ byKey: Map<string, number>; plain: number }> {
  const byKey = new Map<string, number>()
  let plain = 0
  for (const column of NUMBER_COLUMNS) {
    const rows = await db.all(`SELECT ${keyIdSql(column)} AS key_id, count(*) AS n FROM ${column.table} WHERE ${column.sealed} IS NOT NULL GROUP BY ${keyIdSql(column)}`)
    for (const row of rows) byKey.set(str(row, 'key_id'), (byKey.get(str(row, 'key_id')) ?? 0) + num(row, 'n'))
    plain += num((await db.get(`SELECT count(*) AS n FROM ${column.table} WHERE ${column.plain} <> ''`)) ?? { n: 0 }, 'n')
  }
  return { byKey, plain }
}

/** SQLite zeroes what a delete or update frees while `work` runs (the old values must not stay in free space). */
async function withSecureDelete<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (db.engine !== 'sqlite') return work()
  const before = num((await db.get('PRAGMA secure_delete')) ?? { secure_delete: 0 }, 'secure_delete')
  await db.exec('PRAGMA secure_delete = ON')
  try {
    return await work()
  } finally {
    await db.exec(`PRAGMA secure_delete = ${before === 1 ? 'ON' : 'OFF'}`)
  }
}

/**
 * After old values were replaced: SQLite moves the WAL into the file and empties it (the WAL kept
 * the pages as they were); PostgreSQL rewrites the two tables, dropping the dead row versions that
 * still held the old values. Best effort: a reader holding an old snapshot delays SQLite's part.
 */
async function scrubFreedSpace(db: Database): Promise<void> {
  if (db.engine === 'sqlite') await db.get('PRAGMA wal_checkpoint(TRUNCATE)')
  else await db.exec(`VACUUM FULL ${NUMBER_COLUMNS.map((column) => column.table).join(', ')}`)
}
