// SQLite's placeholders rewritten for PostgreSQL (server/db/placeholders.ts): the numbers must be
// the ones SQLite gives, or a statement binds the wrong values (or too many) on one engine only.
import { describe, expect, it } from 'vitest'
import { numberPlaceholders } from '../../server/db/placeholders.ts'

describe('numberPlaceholders', () => {
  it('numbers bare ? in order', () => {
    expect(numberPlaceholders('SELECT * FROM t WHERE a = ? AND b = ?')).toEqual({ text: 'SELECT * FROM t WHERE a = $1 AND b = $2', count: 2 })
  })

  it('keeps ?N, and gives a bare ? after it the next number, as SQLite does', () => {
    expect(numberPlaceholders('WHERE s <= ?1 AND e > ?1 LIMIT ? OFFSET ?')).toEqual({ text: 'WHERE s <= $1 AND e > $1 LIMIT $2 OFFSET $3', count: 3 })
    expect(numberPlaceholders('WHERE id = ? AND (?2 IS NULL OR u = ?2) LIMIT ?')).toEqual({ text: 'WHERE id = $1 AND ($2 IS NULL OR u = $2) LIMIT $3', count: 3 })
  })

  it('leaves question marks inside quotes alone, doubled quotes included', () => {
    expect(numberPlaceholders(`SELECT '?', "a?b", 'it''s ?' WHERE x = ?`)).toEqual({ text: `SELECT '?', "a?b", 'it''s ?' WHERE x = $1`, count: 1 })
  })

  it('refuses an unterminated quote', () => {
    expect(() => numberPlaceholders("SELECT 'oops WHERE x = ?")).toThrow('unterminated quote')
  })
})
