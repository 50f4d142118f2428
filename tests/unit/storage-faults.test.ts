// Which errors of each engine mean "the storage cannot serve this now" (server/db/storage-faults.ts),
// as node:sqlite and pg really shape them: a recognised fault is answered 503 or 507 with
// Retry-After, anything else stays what it was (a constraint is a refusal or a bug, never an outage).
// The faults themselves are produced for real by tests/server/faults-sqlite.test.ts (a full disk) and
// tests/server/cluster-outage.test.ts (PostgreSQL restarted, stopped, its connections killed).
import { describe, expect, it } from 'vitest'
import { DatabaseUnavailableError, StorageFullError } from '../../server/db/database.ts'
import { postgresFault, sqliteFault, storageFault } from '../../server/db/storage-faults.ts'

/** An error as node:sqlite throws it: code ERR_SQLITE_ERROR, the (extended) result code and its text. */
const sqliteError = (errcode: number, errstr: string) => Object.assign(new Error(errstr), { code: 'ERR_SQLITE_ERROR', errcode, errstr })
/** An error as pg throws it: a DatabaseError with the SQLSTATE, or a socket error with the errno name. */
const pgError = (code: string | undefined, message: string) => Object.assign(new Error(message), code === undefined ? {} : { code })

describe('SQLite faults', () => {
  it('a full disk is StorageFullError, a failing or vanished file DatabaseUnavailableError', () => {
    expect(sqliteFault(sqliteError(13, 'database or disk is full'))).toBeInstanceOf(StorageFullError)
    for (const [code, text] of [
      [10, 'disk I/O error'],
      [778, 'disk I/O error'], // SQLITE_IOERR_WRITE
      [4874, 'disk I/O error'], // SQLITE_IOERR_SHMSIZE: the -shm cannot grow on a full disk
      [14, 'unable to open database file'],
      [1032, 'attempt to write a readonly database'], // SQLITE_READONLY_DBMOVED
    ] as const) {
      const fault = sqliteFault(sqliteError(code, text))
      expect(fault, text).toBeInstanceOf(DatabaseUnavailableError)
      expect(fault, text).not.toBeInstanceOf(StorageFullError)
      expect(fault?.cause).toMatchObject({ errcode: code })
    }
  })

  it('leaves constraints, busy locks and damaged files alone', () => {
    for (const [code, text] of [
      [19, 'CHECK constraint failed'],
      [2067, 'UNIQUE constraint failed'],
      [5, 'database is locked'],
      [11, 'database disk image is malformed'],
      [1, 'no such table: params'],
    ] as const) {
      expect(sqliteFault(sqliteError(code, text)), text).toBeUndefined()
    }
    expect(sqliteFault(new Error('a bug'))).toBeUndefined()
  })
})

describe('PostgreSQL faults', () => {
  it('a database going away, not there yet, or out of connections is DatabaseUnavailableError', () => {
    for (const [code, message] of [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P03', 'the database system is shutting down'],
      ['57P03', 'the database system is starting up'],
      ['08006', 'connection failure'],
      ['53300', 'sorry, too many clients already'],
      ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5433'],
      ['ECONNRESET', 'read ECONNRESET'],
      [undefined, 'Connection terminated unexpectedly'],
      [undefined, 'Connection terminated due to connection timeout'],
      [undefined, 'timeout exceeded when trying to connect'],
      [undefined, 'Query read timeout'],
      [undefined, 'Client has encountered a connection error and is not queryable'],
    ] as const) {
      const fault = postgresFault(pgError(code, message))
      expect(fault, message).toBeInstanceOf(DatabaseUnavailableError)
      expect(fault, message).not.toBeInstanceOf(StorageFullError)
      expect(fault?.message, message).toContain(message)
    }
    // localhost tried on ::1 and 127.0.0.1, both refused.
    const both = new AggregateError([pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5433'), pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5433')])
    expect(postgresFault(both)).toBeInstanceOf(DatabaseUnavailableError)
    expect(postgresFault(pgError('53100', 'could not extend file: No space left on device'))).toBeInstanceOf(StorageFullError)
  })

  it('leaves conflicts, constraints and bugs alone', () => {
    for (const [code, message] of [
      ['40001', 'could not serialize access due to concurrent update'],
      ['40P01', 'deadlock detected'],
      ['23505', 'duplicate key value violates unique constraint'],
      ['23514', 'new row violates check constraint'],
      ['42P01', 'relation "params" does not exist'],
      ['57014', 'canceling statement due to user request'],
    ] as const) {
      expect(postgresFault(pgError(code, message)), message).toBeUndefined()
    }
    expect(postgresFault(new Error('a bug'))).toBeUndefined()
    expect(postgresFault(new AggregateError([new Error('a bug')]))).toBeUndefined()
  })
})

describe('what the HTTP error handler sees', () => {
  it('passes the engines’ faults through and adds a file write that found no room or a broken disk', () => {
    const fault = new DatabaseUnavailableError(new Error('gone'))
    expect(storageFault(fault)).toBe(fault)
    expect(storageFault(pgError('ENOSPC', 'ENOSPC: no space left on device, write'))).toBeInstanceOf(StorageFullError)
    expect(storageFault(pgError('EIO', 'EIO: i/o error, write'))).toBeInstanceOf(DatabaseUnavailableError)
    expect(storageFault(pgError('ENOENT', 'ENOENT: no such file or directory'))).toBeUndefined()
    // A raw driver error never reaches the handler unwrapped: the engines wrap what they recognise.
    expect(storageFault(sqliteError(13, 'database or disk is full'))).toBeUndefined()
  })
})
