// Bytes and secrets that every server instance must see alike, kept where the engine's layout
// keeps them (architecture §6 "Storage") — the one place outside the engines that knows which
// engine it runs on:
// - SQLite serves one machine: files under DATA_DIR, beside the database file;
// - PostgreSQL serves several instances, maybe on several machines: the stored_files and
//   server_secrets tables (migration 013), so any instance serves what another stored.
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Database } from './database.ts'
import { bytes, str } from './rows.ts'

/**
 * The folders of files every instance must see: private uploads and public avatars. A new folder
 * joins this list (imageFolder takes only these names), so backups and copies carry it too.
 */
export const SHARED_FOLDERS = ['uploads', 'avatars'] as const
export type SharedFolder = (typeof SHARED_FOLDERS)[number]

export interface SharedHome {
  db: Database
  dataDir: string
}

/** Writes a new file (never overwriting one) in `folder`. */
export async function writeSharedFile(home: SharedHome, folder: string, name: string, content: Buffer): Promise<void> {
  if (home.db.engine === 'postgres') {
    await home.db.run('INSERT INTO stored_files (folder, name, bytes, created_at) VALUES (?, ?, ?, ?)', folder, name, content, Date.now())
    return
  }
  await mkdir(join(home.dataDir, folder), { recursive: true, mode: 0o700 })
  // 'wx': never overwrite, even in the astronomically unlikely case of a repeated name.
  await writeFile(join(home.dataDir, folder, name), content, { flag: 'wx', mode: 0o600 })
}

/** The file's bytes, or undefined when there is none. */
export async function readSharedFile(home: SharedHome, folder: string, name: string): Promise<Buffer | undefined> {
  if (home.db.engine === 'postgres') {
    const row = await home.db.get('SELECT bytes FROM stored_files WHERE folder = ? AND name = ?', folder, name)
    return row ? Buffer.from(bytes(row, 'bytes')) : undefined
  }
  try {
    return await readFile(join(home.dataDir, folder, name))
  } catch {
    return undefined
  }
}

/**
 * The file's path for someone on this machine to open (the admin tool), or undefined where no file
 * of it exists: on PostgreSQL the bytes are a row, so they must be read and written out instead.
 */
export function sharedFilePath(home: SharedHome, folder: string, name: string): string | undefined {
  return home.db.engine === 'postgres' ? undefined : resolve(home.dataDir, folder, name)
}

export async function removeSharedFile(home: SharedHome, folder: string, name: string): Promise<void> {
  if (home.db.engine === 'postgres') await home.db.run('DELETE FROM stored_files WHERE folder = ? AND name = ?', folder, name)
  else await rm(join(home.dataDir, folder, name), { force: true })
}

/** The SQLite layout's file of a secret (`copy-to-postgres` carries it into server_secrets). */
export const secretFile = (dataDir: string, name: string): string => join(dataDir, `${name.replaceAll('_', '-')}.secret`)

/**
 * A random secret of 32 bytes in hex, made by whoever asks first and the same for everyone after:
 * two processes starting at once keep the first one's ('wx', ON CONFLICT DO NOTHING).
 */
export async function sharedSecret(home: SharedHome, name: string): Promise<string> {
  const fresh = randomBytes(32).toString('hex')
  if (home.db.engine === 'postgres') {
    await home.db.run('INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING', name, fresh)
    return str((await home.db.get('SELECT value FROM server_secrets WHERE name = ?', name)) ?? {}, 'value')
  }
  const file = secretFile(home.dataDir, name)
  try {
    writeFileSync(file, fresh, { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error
  }
  return readFileSync(file, 'utf8').trim()
}
