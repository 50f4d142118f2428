// The server writes SQL with SQLite's placeholders (`?N` for the Nth value; a bare `?` is one more
// than the highest number before it, as SQLite counts); PostgreSQL numbers them (`$N`). This
// rewrites one into the other, leaving quoted text alone.

/** `?` and `?N` outside quotes become `$N`; answers the text and how many values it takes. */
export function numberPlaceholders(sql: string): { text: string; count: number } {
  let text = ''
  let highest = 0
  for (let i = 0; i < sql.length; i += 1) {
    const char = sql[i]
    if (char === "'" || char === '"') {
      const end = closingQuote(sql, i)
      text += sql.slice(i, end + 1)
      i = end
      continue
    }
    if (char !== '?') {
      text += char
      continue
    }
    const digits = /^\d+/.exec(sql.slice(i + 1))?.[0]
    let index: number
    if (digits) {
      index = Number(digits)
      i += digits.length
    } else {
      // After `?1 … ?1`, SQLite's next bare `?` is ?2, not ?1 again.
      index = highest + 1
    }
    highest = Math.max(highest, index)
    text += `$${index}`
  }
  return { text, count: highest }
}

/** The index of the quote that closes the one at `start` (a doubled quote is an escaped one). */
function closingQuote(sql: string, start: number): number {
  const quote = sql[start]
  for (let i = start + 1; i < sql.length; i += 1) {
    if (sql[i] !== quote) continue
    if (sql[i + 1] === quote) i += 1
    else return i
  }
  throw new Error('SQL has an unterminated quote')
}
