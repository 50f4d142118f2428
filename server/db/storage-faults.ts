// Storage faults, recognised in one place (architecture §6 "Storage"): which errors of each engine,
// and of a file written under DATA_DIR, mean "the storage cannot serve this now" rather than a bug.
// The engines wrap what they recognise in DatabaseUnavailableError or StorageFullError
// (server/db/database.ts), so nothing above them knows node:sqlite's or pg's codes: the HTTP error
// handler answers 503 or 507 with Retry-After (server/http/errors.ts), the periodic passes note the
// outage once and try again on the next tick (server/clock/ticks.ts).
import { DatabaseUnavailableError, StorageFullError } from './database.ts'

// SQLite's primary result codes; node:sqlite's `errcode` is the extended code, whose low byte it is.
const SQLITE_READONLY = 8 // the file system went read-only, or the file was moved under the server
const SQLITE_IOERR = 10
const SQLITE_FULL = 13
const SQLITE_CANTOPEN = 14

// PostgreSQL's SQLSTATEs: class 08 (connection exceptions) and these, each a database that is going
// away, not there yet, or out of room; 53100 (disk_full) is the one that is full.
const PG_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown: a fast or smart stop, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57P04', // database_dropped
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout (the connection is closed)
  '53300', // too_many_connections
  '53200', // out_of_memory
  '58030', // io_error
])
const PG_DISK_FULL = '53100'
/** The socket's own failures: the server is not there, or the way to it is not. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED'])
/**
 * pg's own errors carry no code: a connection that ended or was never made in time (the pool's
 * connectionTimeoutMillis), a query that did not answer in time (query_timeout), a client whose
 * connection already failed.
 */
const PG_CLIENT_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable)/

const field = (error: unknown, name: string): unknown =>
  typeof error === 'object' && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined

/** node:sqlite's error as a storage fault, or undefined when it is something else (a constraint, a bug). */
export function sqliteFault(error: unknown): DatabaseUnavailableError | undefined {
  if (error instanceof DatabaseUnavailableError) return error
  const code = field(error, 'errcode')
  if (typeof code !== 'number') return undefined
  const primary = code & 0xff
  if (primary === SQLITE_FULL) return new StorageFullError(error)
  if (primary === SQLITE_IOERR || primary === SQLITE_CANTOPEN || primary === SQLITE_READONLY) {
    return new DatabaseUnavailableError(error, 'the database file cannot be read or written')
  }
  return undefined
}

/** pg's error as a storage fault, or undefined when it is something else (a constraint, a conflict, a bug). */
export function postgresFault(error: unknown): DatabaseUnavailableError | undefined {
  if (error instanceof DatabaseUnavailableError) return error
  const code = field(error, 'code')
  if (code === PG_DISK_FULL) return new StorageFullError(error)
  if (typeof code === 'string' && (code.startsWith('08') || PG_UNAVAILABLE.has(code) || NETWORK.has(code))) return new DatabaseUnavailableError(error)
  const message = field(error, 'message')
  if (typeof message === 'string' && PG_CLIENT_MESSAGES.test(message)) return new DatabaseUnavailableError(error)
  // A host name with several addresses fails as one AggregateError of each attempt's error.
  const errors = field(error, 'errors')
  if (Array.isArray(errors) && errors.length > 0 && errors.every((each) => postgresFault(each) !== undefined)) return new DatabaseUnavailableError(error)
  return undefined
}

/**
 * What the HTTP error handler asks: a storage fault an engine already recognised, or a file write
 * under DATA_DIR (an upload, a mail in the outbox, a white paper) that found the disk full or broken.
 */
export function storageFault(error: unknown): DatabaseUnavailableError | undefined {
  if (error instanceof DatabaseUnavailableError) return error
  const code = field(error, 'code')
  if (code === 'ENOSPC' || code === 'EDQUOT') return new StorageFullError(error)
  if (code === 'EIO' || code === 'EROFS') return new DatabaseUnavailableError(error, 'the data folder cannot be written')
  return undefined
}
