// `npm run admin -- backup <folder>`: an online backup of an embedded installation (architecture §6
// "Storage"), safe while the server runs. The folder becomes a DATA_DIR of its own: start a server
// with DATA_DIR=<folder> to restore it.
// - The database: SQLite's VACUUM INTO writes a consistent snapshot of the whole file in one read
//   transaction, so writers carry on and nothing half-written is copied.
// - Beside it, what SQLite installations keep as files (server/db/shared-files.ts): the uploaded
//   images and the deposit-address secret (without it every deposit address would change). Images
//   are copied after the snapshot: one stored meanwhile is an extra file no row names, never a
//   row without its image.
// PostgreSQL keeps all of this in the database: back it up with pg_dump (README "Operations").
import { cp, mkdir, readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { AppContext } from '../context.ts'
import { SQLITE_FILE } from '../db/open.ts'
import { SHARED_FOLDERS, secretFile } from '../db/shared-files.ts'
import { DEPOSIT_SECRET } from '../deposits/address.ts'

export interface BackupReport {
  file: string
  files: number
}

export async function backupSqlite(ctx: Pick<AppContext, 'db' | 'config'>, folder: string): Promise<BackupReport> {
  if (ctx.db.engine !== 'sqlite') throw new Error('this installation is on PostgreSQL: back it up with pg_dump (see the README\'s operations)')
  const target = resolve(folder)
  if (target === resolve(ctx.config.dataDir)) throw new Error('the backup folder must not be DATA_DIR itself')
  const existing = await readdir(target).catch(() => [])
  if (existing.length > 0) throw new Error(`${target} is not empty: back up into a new folder`)
  await mkdir(target, { recursive: true, mode: 0o700 })
  const file = join(target, SQLITE_FILE)
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
  return { file, files }
}
