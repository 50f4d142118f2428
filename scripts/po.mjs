// A small reader of Lingui's .po catalogs, shared by the catalog check and the tests.
const unquote = (line) => JSON.parse(line.slice(line.indexOf('"')))

/** Parses a .po file into [msgid, msgstr] pairs (multi-line strings joined, comments skipped). */
export function parsePo(text) {
  const entries = []
  for (const block of text.split(/\n\s*\n/)) {
    let field = null
    const entry = { msgid: '', msgstr: '' }
    for (const line of block.split('\n')) {
      if (line.startsWith('#')) continue
      if (line.startsWith('msgid ')) field = 'msgid'
      else if (line.startsWith('msgstr ')) field = 'msgstr'
      else if (!line.startsWith('"')) continue
      if (field) entry[field] += unquote(line)
    }
    if (entry.msgid) entries.push([entry.msgid, entry.msgstr])
  }
  return entries
}
