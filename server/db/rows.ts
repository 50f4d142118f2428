// node:sqlite hands rows back as loosely typed records; these readers turn a column into the type
// the schema promises and fail loudly if the schema and the code ever disagree.
import type { SQLOutputValue } from 'node:sqlite'

export type Row = Record<string, SQLOutputValue>

export function str(row: Row, column: string): string {
  const value = row[column]
  if (typeof value !== 'string') throw new Error(`column ${column} is not text`)
  return value
}

export function strOrNull(row: Row, column: string): string | null {
  const value = row[column]
  return value === null || value === undefined ? null : str(row, column)
}

export function num(row: Row, column: string): number {
  const value = row[column]
  if (typeof value === 'number') return value
  if (typeof value === 'bigint') return Number(value)
  throw new Error(`column ${column} is not a number`)
}
