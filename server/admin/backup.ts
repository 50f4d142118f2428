// `npm run admin -- backup <folder>`: an online backup of an embedded installation (architecture §6
// "Storage"), safe while the server runs. The folder becomes a DATA_DIR of its own: start a server
// with DATA_DIR=<folder> to restore it.
// - The database: SQLite's VACUUM INTO writes a consistent snapshot of the whole file in one read
//   transaction, so writers carry on and nothing half-written is copied.
// - Beside it, what SQLite installations keep as files (server/db/shared-files.ts): the uploaded
//   images and the deposit-address secret (without it every deposit address would change). Images
//   are copied after the snapshot: one stored meanwhile is an extra file no row names, never a
//   row without its image.
// - NOT the data key file (server/security/data-key.ts): the card and document numbers in the copy
//   are sealed under it, and a backup that carried its key would reveal them to whoever holds the
//   backup. The operator keeps the key apart (README "Backups"); the report names it.
// - Everything it writes is the operator's account's only: the folder 0700, its files 0600 (the
//   snapshot is created empty 0600 first, as SQLite keeps an existing file's mode).
// PostgreSQL keeps all of this in the database: back it up with pg_dump (README "Operations").
import { chmod, cp, mkdir, readdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { AppContext } from '../context.ts'
import { SQLITE_FILE } from '../db/open.ts'
import { SHARED_FOLDERS, secretFile } from '../db/shared-files.ts'
import { DEPOSIT_SECRET } from '../deposits/address.ts'
import { dataKeyFile } from '../security/data-key.ts'
import { PRIVATE_FOLDER, tightenTree } from '../security/file-modes.ts'

export interface BackupReport {
  file: string
  files: number
  /** The data key file, which the backup leaves out. */
  keyFile: string
}

export async function backupSqlite(ctx: Pick<AppContext, 'db' | 'config'>, folder: string): Promise<BackupReport> {
  if (ctx.db.engine !== 'sqlite') throw new Error('this installation is on PostgreSQL: back it up with pg_dump (see the README\'s operations)')
  const target = resolve(folder)
  if (target === resolve(ctx.config.dataDir)) throw new Error('the backup folder must not be DATA_DIR itself')
  const existing = await readdir(target).catch(() => [])
  if (existing.length > 0) throw new Error(`${target} is not empty: back up into a new folder`)
  await mkdir(target, { recursive: true, mode: PRIVATE_FOLDER })
  await chmod(target, PRIVATE_FOLDER)
  const file = join(target, SQLITE_FILE)
  await writeFile(file, '', { flag: 'wx', mode: 0o600 })
  await ctx.db.run('VACUUM INTO ?', file)
  let files = 0
  for (const name of SHARED_FOLDERS) {
    const images = await readdir(join(ctx.config.dataDir, name)).catch(() => [])
    if (images.length === 0) continue
    await cp(join(ctx.config.dataDir, name), join(target, name), { recursive: true, errorOnExist: true })
    files += images.length
  }
  const secret = secretFile(ctx.config.dataDir, DEPOSIT_SECRET)
  await cp(secret, secretFile(target, DEPOSIT_SECRET)).then(() => (files += 1), () => undefined)
  // cp keeps the source's modes, which an older release may have left open.
  tightenTree(target)
  return { file, files, keyFile: dataKeyFile(ctx.config) }
}
