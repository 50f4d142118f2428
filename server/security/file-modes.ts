// Who may read what the server keeps under DATA_DIR: the account it runs as, and nobody else
// (architecture §6 "Data at rest"). Folders are 0700 and files 0600:
// - written that way where they are written: images and secrets (db/shared-files.ts), mails
//   (mail/outbox.ts), white papers (launch/papers.ts), the data key (data-key.ts), backups
//   (admin/backup.ts);
// - the SQLite files are SQLite's own, created 0644: tightenDataDir() runs right after the
//   database is opened, and from then on SQLite gives its -wal and -shm the database file's mode;
// - and at every start (server and admin tool) tightenDataDir() fixes what an older release left
//   readable (the audit found DATA_DIR and the outbox 0755, the database and mails 0644).
// It changes only what the server itself keeps there (the names below), never anything else an
// operator put in DATA_DIR, and it does not follow symbolic links. Public avatars are 0600 too:
// the server reads them and serves them, nobody needs them on disk.
import { chmodSync, lstatSync, readdirSync, type Stats } from 'node:fs'
import { join } from 'node:path'
import { SQLITE_FILE } from '../db/open.ts'
import { SHARED_FOLDERS } from '../db/shared-files.ts'

export const PRIVATE_FOLDER = 0o700
export const PRIVATE_FILE = 0o600

/** The folders the server writes under DATA_DIR: mails, images, white papers, the default key file's. */
const OWN_FOLDERS = new Set<string>(['outbox', ...SHARED_FOLDERS, 'launch', 'keys'])
/** Its files there: the database and SQLite's companions (-wal, -shm, -journal), and the secrets. */
const isOwnFile = (name: string): boolean => name === SQLITE_FILE || name.startsWith(`${SQLITE_FILE}-`) || name.endsWith('.secret')

const statOf = (path: string): Stats | undefined => {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

/** Sets `path`'s permission bits to `mode` unless they are already; a refusal becomes a warning. */
function settle(path: string, stats: Stats, mode: number, warnings: string[]): void {
  if ((stats.mode & 0o7777) === mode) return
  try {
    chmodSync(path, mode)
  } catch (error) {
    warnings.push(`${path} could not be made ${mode.toString(8)}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** A folder 0700 and everything in it 0700 (folders) or 0600 (files); links are left alone. Answers warnings. */
export function tightenTree(path: string, warnings: string[] = []): string[] {
  const stats = statOf(path)
  if (!stats || stats.isSymbolicLink()) return warnings
  if (!stats.isDirectory()) {
    settle(path, stats, PRIVATE_FILE, warnings)
    return warnings
  }
  settle(path, stats, PRIVATE_FOLDER, warnings)
  for (const name of readdirSync(path)) tightenTree(join(path, name), warnings)
  return warnings
}

/**
 * DATA_DIR 0700 and what the server keeps in it private. A shared folder such as /tmp (sticky) as
 * DATA_DIR is left as it is, with a warning: making it private would lock other users out of it.
 * Answers the warnings for the log.
 */
export function tightenDataDir(dataDir: string): string[] {
  const warnings: string[] = []
  const stats = statOf(dataDir)
  if (!stats?.isDirectory()) return warnings
  if ((stats.mode & 0o1000) !== 0) warnings.push(`DATA_DIR ${dataDir} is a shared folder (sticky, like /tmp): give the server a folder of its own`)
  else settle(dataDir, stats, PRIVATE_FOLDER, warnings)
  for (const name of readdirSync(dataDir)) {
    if (OWN_FOLDERS.has(name) || isOwnFile(name)) tightenTree(join(dataDir, name), warnings)
  }
  return warnings
}
