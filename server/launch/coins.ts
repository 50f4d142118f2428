// Whether a symbol is a coin the launchpad issued (migration 011): such a coin has records and
// balances like a catalogue coin, but no chain, so only reads (records, the account list) accept it.
import type { DatabaseSync } from 'node:sqlite'
import { statement } from '../db/statements.ts'

export function launchedSymbol(db: DatabaseSync, text: string): string | undefined {
  const symbol = text.trim().toUpperCase()
  return statement(db, 'SELECT 1 FROM launch_projects WHERE symbol = ?').get(symbol) === undefined ? undefined : symbol
}
