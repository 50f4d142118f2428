// Whether a symbol is a coin the launchpad issued (migration 011): such a coin has records and
// balances like a catalogue coin, but no chain, so only reads (records, the account list) accept it.
import type { Database } from '../db/database.ts'

export async function launchedSymbol(db: Database, text: string): Promise<string | undefined> {
  const symbol = text.trim().toUpperCase()
  return await db.get('SELECT 1 FROM launch_projects WHERE symbol = ?', symbol) === undefined ? undefined : symbol
}
