// Everything that changes one pair's book — a placement, a cancel, the feed pass acting on an
// order — names the pair's lock, so that on PostgreSQL those transactions queue on it instead of
// conflicting and running again (architecture §6 "Storage"; SQLite runs one writer at a time anyway).
import type { TransactionOptions } from '../db/database.ts'

export const bookLock = (symbol: string): TransactionOptions => ({ lockKey: `spot:${symbol}` })
