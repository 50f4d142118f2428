// A small reader of Lingui's .po catalogs, shared by the catalog check and the tests.
const unquote = (line) => JSON.parse(line.slice(line.indexOf('"')))

/**
 * Parses a .po file into [msgid, msgstr, msgctxt] triples (multi-line strings joined, comments
 * skipped; msgctxt is '' for a message without a context). Lingui keys a message by its text and
 * context together, so two entries with one msgid but different contexts are different messages.
 */
export function parsePo(text) {
  const entries = []
  for (const block of text.split(/\n\s*\n/)) {
    let field = null
    const entry = { msgctxt: '', msgid: '', msgstr: '' }
    for (const line of block.split('\n')) {
      if (line.startsWith('#')) continue
      if (line.startsWith('msgctxt ')) field = 'msgctxt'
      else if (line.startsWith('msgid ')) field = 'msgid'
      else if (line.startsWith('msgstr ')) field = 'msgstr'
      else if (!line.startsWith('"')) continue
      if (field) entry[field] += unquote(line)
    }
    if (entry.msgid) entries.push([entry.msgid, entry.msgstr, entry.msgctxt])
  }
  return entries
}
