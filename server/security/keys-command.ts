// `npm run admin -- keys …`: the operators' care of the data key file (data-key.ts), on either
// engine. A rotation adds a new key to the file (it seals every new number from then on, also in a
// server that is running: the file is re-read on each use), re-seals every stored number under it
// in one transaction per table (sealed-numbers.ts's resealAll), and says which old keys no stored
// number uses any more; `keys prune` then drops those from the file. Until then the old keys stay,
// so every number stays readable throughout. Nothing here ever prints a key or a number.
// Answers the admin tool's { out | err, exitCode }.
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { dataKeyFile, type Keyring, loadKeyring, MissingKeyFileError, newDataKey, writeKeyring } from './data-key.ts'
import { keysInUse, NUMBER_COLUMNS, resealAll } from './sealed-numbers.ts'

export const KEYS_USAGE = `  keys list                            the data key file's keys (DATA_KEY_FILE), how many stored card and
                                       document numbers each seals, and any key the numbers need that it lacks
  keys rotate                          add a new key and re-seal every stored number under it; then says
                                       which old keys no number uses any more
  keys prune                           remove from the key file the old keys no stored number uses`

interface Outcome {
  out?: string
  err?: string
  exitCode: number
}

type KeyHome = Pick<ServerConfig, 'dataDir' | 'dataKeyFile'>

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`

/** The key file, or the refusal to print when there is none (or it is damaged). */
async function keyringOf(home: KeyHome): Promise<Keyring | Outcome> {
  try {
    return await loadKeyring(dataKeyFile(home))
  } catch (error) {
    const hint = error instanceof MissingKeyFileError ? ': a server start creates one; set DATA_KEY_FILE if it is kept elsewhere' : ''
    return { err: `${error instanceof Error ? error.message : String(error)}${hint}`, exitCode: 1 }
  }
}

async function list(db: Database, home: KeyHome): Promise<Outcome> {
  const { byKey, plain } = await keysInUse(db)
  const keyring = await keyringOf(home).then((found) => ('file' in found ? found : undefined))
  const lines = [keyring ? `key file ${keyring.file}` : `no readable key file at ${dataKeyFile(home)}`]
  for (const id of keyring?.keys.keys() ?? []) lines.push(`  ${id}${id === keyring?.current.id ? ' (current)' : ''}: ${plural(byKey.get(id) ?? 0, 'number')}`)
  const lacking = [...byKey].filter(([id]) => !keyring?.keys.has(id))
  for (const [id, count] of lacking) lines.push(`  ${id} (NOT in the key file: these cannot be shown): ${plural(count, 'number')}`)
  if (plain > 0) lines.push(`${plural(plain, 'number')} still in plain: the next server start seals them`)
  return { out: lines.join('\n'), exitCode: lacking.length > 0 ? 1 : 0 }
}

async function rotate(db: Database, home: KeyHome): Promise<Outcome> {
  const before = await keyringOf(home)
  if (!('file' in before)) return before
  const fresh = newDataKey()
  // The old keys stay in the file: every number stays readable while it is re-sealed.
  writeKeyring(before.file, [...before.keys.values(), fresh])
  const keyring = await loadKeyring(before.file)
  const sealed = new Map(NUMBER_COLUMNS.map((column) => [column, 0]))
  let left = 0
  // A number written meanwhile by a process that had read the file just before is caught by the next pass.
  for (let pass = 0; pass < 3; pass++) {
    const report = await resealAll(db, keyring, fresh)
    for (const [column, count] of report.sealed) sealed.set(column, (sealed.get(column) ?? 0) + count)
    const usage = await keysInUse(db)
    left = usage.plain + [...usage.byKey].filter(([id]) => id !== fresh.id && keyring.keys.has(id)).reduce((sum, [, count]) => sum + count, 0)
    if (left === 0) break
  }
  const { byKey } = await keysInUse(db)
  const retired = [...keyring.keys.keys()].filter((id) => id !== fresh.id && !byKey.has(id))
  const lacking = [...byKey].filter(([id]) => !keyring.keys.has(id))
  const lines = [
    `new data key ${fresh.id} added to ${keyring.file}: it seals every new number from now on`,
    `re-sealed under it: ${NUMBER_COLUMNS.map((column) => `${sealed.get(column) ?? 0} ${column.what}`).join(', ')}`,
  ]
  if (left > 0) lines.push(`${plural(left, 'number')} still under an older key (written meanwhile by a process with an older key file): run keys rotate again`)
  if (lacking.length > 0) lines.push(`left as they were: ${lacking.map(([id, count]) => `${plural(count, 'number')} under key ${id}, which the key file does not hold`).join('; ')}`)
  if (retired.length > 0) {
    lines.push(
      `no stored number uses the old key${retired.length === 1 ? '' : 's'} ${retired.join(', ')} any more: give every server instance the new key file, ` +
        'then remove them with `npm run admin -- keys prune` (keep a copy of the old file with backups made before now: they need it)',
    )
  }
  return { out: lines.join('\n'), exitCode: left > 0 || lacking.length > 0 ? 1 : 0 }
}

async function prune(db: Database, home: KeyHome): Promise<Outcome> {
  const keyring = await keyringOf(home)
  if (!('file' in keyring)) return keyring
  const { byKey } = await keysInUse(db)
  // The current key always stays: it seals what comes next.
  const kept = [...keyring.keys.values()].filter((key) => key.id === keyring.current.id || byKey.has(key.id))
  const dropped = [...keyring.keys.keys()].filter((id) => !kept.some((key) => key.id === id))
  if (dropped.length === 0) return { out: `nothing to remove: every key of ${keyring.file} is current or still seals stored numbers`, exitCode: 0 }
  writeKeyring(keyring.file, kept)
  return { out: `removed ${dropped.join(', ')} from ${keyring.file}; it holds ${plural(kept.length, 'key')} (current ${keyring.current.id})`, exitCode: 0 }
}

export async function keysCommand(db: Database, home: KeyHome, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args
  if (rest.length === 0 && sub === 'list') return await list(db, home)
  if (rest.length === 0 && sub === 'rotate') return await rotate(db, home)
  if (rest.length === 0 && sub === 'prune') return await prune(db, home)
  return { err: `usage:\n${KEYS_USAGE}`, exitCode: 2 }
}
