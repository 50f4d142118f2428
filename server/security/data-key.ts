// The data key file (DATA_KEY_FILE, default DATA_DIR/keys/data.key): the AES-256 keys that seal
// card and identity-document numbers (sealing.ts). It is kept OUTSIDE the database on purpose, on
// both engines (never a row, not even on PostgreSQL): a copy of the database, a dump or a stolen
// backup without this file reveals none of those numbers. The price: losing the file loses them
// (README "Operations"). Each server instance has its own copy of the same file.
// The file is text, one key a line, so an operator can see which keys it holds:
//   # comment lines
//   <key id> <64 hex digits>
// The LAST key seals new values; the ones before it only open older values until `npm run admin --
// keys rotate` has re-sealed everything under a newer key and `keys prune` drops them. A key id is
// derived from its key (a SHA-256 prefix), so a damaged or mismatched line is refused, not used.
// The file is re-read on each use (a few times per identity submission or card change, never on a
// hot path), so a rotation is seen by a running server at once: it never seals under a key that
// the operator is about to remove.
import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, linkSync, mkdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { ServerConfig } from '../config.ts'

export interface DataKey {
  /** 12 hex digits, derived from the key. */
  id: string
  /** 32 bytes: AES-256. */
  key: Buffer
}

export interface Keyring {
  file: string
  /** The key new values are sealed under (the file's last). */
  current: DataKey
  /** Every key of the file by id, the current one included. */
  keys: ReadonlyMap<string, DataKey>
}

/** The file has no keys at all, or is not there. */
export class MissingKeyFileError extends Error {}

const HEADER = `# Data keys of this exchange server: they seal the card and identity-document numbers.
# Keep this file apart from the database and its backups (another volume, a secrets manager), and
# give every server instance the same one. Without it those numbers cannot be read.
# One key a line: <id> <64 hex digits>. The last one seals new values; the others only open old
# ones until \`npm run admin -- keys rotate\` and \`keys prune\` retire them.
`

/** Where the key file is: DATA_KEY_FILE, or DATA_DIR/keys/data.key for the embedded demo. */
export const dataKeyFile = (config: Pick<ServerConfig, 'dataDir' | 'dataKeyFile'>): string => config.dataKeyFile ?? join(config.dataDir, 'keys', 'data.key')

const idOf = (key: Buffer): string => createHash('sha256').update('exchange data key id\0').update(key).digest('hex').slice(0, 12)

export const newDataKey = (): DataKey => {
  const key = randomBytes(32)
  return { id: idOf(key), key }
}

function parse(file: string, text: string): Keyring {
  const keys = new Map<string, DataKey>()
  let current: DataKey | undefined
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const match = /^([0-9a-f]{12})\s+([0-9a-f]{64})$/.exec(line)
    const key = match?.[2] ? Buffer.from(match[2], 'hex') : undefined
    // A line that does not derive its own id is damaged: using it would seal under a wrong key.
    if (!match || !key || idOf(key) !== match[1]) throw new Error(`${file}, line ${index + 1}: not a data key line ("<12 hex id> <64 hex key>", the id derived from the key)`)
    current = { id: match[1], key }
    keys.set(current.id, current)
  }
  if (!current) throw new MissingKeyFileError(`${file} holds no data key`)
  return { file, current, keys }
}

const format = (keys: readonly DataKey[]): string => HEADER + keys.map((key) => `${key.id} ${key.key.toString('hex')}\n`).join('')

/** The key file as it is now; MissingKeyFileError when there is none. */
export async function loadKeyring(file: string): Promise<Keyring> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (isMissing(error)) throw new MissingKeyFileError(`no data key file at ${file}`)
    throw error
  }
  return parse(file, text)
}

const isMissing = (error: unknown): boolean => error instanceof Error && 'code' in error && error.code === 'ENOENT'

/** A temporary file of our own beside `file`, written whole and flushed, 0600. */
function writeBeside(file: string, text: string): string {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(temporary, text, { flag: 'wx', mode: 0o600, flush: true })
  return temporary
}

/**
 * The key file, made with one new key when there is none (0600, in a 0700 folder it creates).
 * Processes starting together agree on one file: each links its own whole file into place, the
 * first link wins, and the others read the winner's (never half a file).
 */
export async function ensureKeyring(file: string): Promise<{ keyring: Keyring; created: boolean }> {
  try {
    return { keyring: await loadKeyring(file), created: false }
  } catch (error) {
    if (!(error instanceof MissingKeyFileError) || existsAsFile(file)) throw error
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  const temporary = writeBeside(file, format([newDataKey()]))
  let created = true
  try {
    linkSync(temporary, file)
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error
    created = false
  } finally {
    unlinkSync(temporary)
  }
  return { keyring: await loadKeyring(file), created }
}

function existsAsFile(file: string): boolean {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/** Replaces the key file with `keys` (the last one current) in one rename: readers see the old file or the new one. */
export function writeKeyring(file: string, keys: readonly DataKey[]): void {
  if (keys.length === 0) throw new Error('a key file needs at least one key')
  renameSync(writeBeside(file, format(keys)), file)
}

/**
 * The key file readable by its owner only. Answers a warning when it is not and cannot be made so
 * (a read-only secrets mount, another owner): the operator's to fix, not a reason to stop.
 */
export function tightenKeyFile(file: string): string | undefined {
  const mode = statSync(file).mode & 0o777
  if ((mode & 0o077) === 0) return undefined
  try {
    chmodSync(file, 0o600)
    return undefined
  } catch (error) {
    return `the data key file ${file} is readable by others (mode ${mode.toString(8)}) and could not be made 0600: ${error instanceof Error ? error.message : String(error)}`
  }
}
