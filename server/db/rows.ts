// Both engines hand rows back as loosely typed records (server/db/database.ts); these readers turn
// a column into the type the schema promises and fail loudly if the schema and the code disagree.
import type { Row } from './database.ts'

export type { Row }

export function str(row: Row, column: string): string {
  const value = row[column]
  if (typeof value !== 'string') throw new Error(`column ${column} is not text`)
  return value
}

export function strOrNull(row: Row, column: string): string | null {
  const value = row[column]
  return value === null || value === undefined ? null : str(row, column)
}

/** An integer column; PostgreSQL's sum() of integers is NUMERIC, which arrives as a digit string. */
export function num(row: Row, column: string): number {
  const value = row[column]
  if (typeof value === 'number') return value
  if (typeof value === 'bigint') return Number(value)
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value)
  throw new Error(`column ${column} is not a number`)
}

export function numOrNull(row: Row, column: string): number | null {
  const value = row[column]
  return value === null || value === undefined ? null : num(row, column)
}

/** Bytes of a BLOB (SQLite) or BYTEA (PostgreSQL) column. */
export function bytes(row: Row, column: string): Uint8Array {
  const value = row[column]
  if (!(value instanceof Uint8Array)) throw new Error(`column ${column} is not bytes`)
  return value
}
