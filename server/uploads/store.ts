// Stored images, one folder per use: proofs and identity photos in `uploads` (private), avatars
// apart in `avatars` (public, server/profile/avatar-store.ts). Every name is <32 random hex>.jpg:
// the server makes every name (nothing of the client's file name is ever used), so a name cannot
// point outside its folder, collide, or be guessed from another upload.
// Where the bytes live follows the database (architecture §6 "Storage"): with the embedded SQLite
// file, in DATA_DIR/<folder>/ beside it; on PostgreSQL, in its stored_files table (migration 013),
// so that every server instance behind the one address can serve what any instance stored.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppContext } from '../context.ts'
import { bytes } from '../db/rows.ts'

const NAME = /^[0-9a-f]{32}\.jpg$/

/** Whether `name` is one the store could have made. */
export const isStoredName = (name: string): boolean => NAME.test(name)

/** What the store needs of the server: its database, and DATA_DIR for the SQLite layout. */
export type FileHome = Pick<AppContext, 'db' | 'config'>

export interface ImageFolder {
  /** Writes a re-encoded image and answers its new name. */
  save(home: FileHome, jpeg: Buffer): Promise<string>
  /** The stored bytes, or undefined if the name is not one of ours or the image is gone. */
  read(home: FileHome, name: string): Promise<Buffer | undefined>
  /** Removes a stored image (a replaced one, or one written by a request that then failed). */
  remove(home: FileHome, name: string): Promise<void>
}

/** The images of one folder. */
export function imageFolder(folderName: string): ImageFolder {
  const folder = (home: FileHome): string => join(home.config.dataDir, folderName)
  return {
    async save(home, jpeg) {
      const name = `${randomBytes(16).toString('hex')}.jpg`
      if (home.db.engine === 'postgres') {
        await home.db.run('INSERT INTO stored_files (folder, name, bytes, created_at) VALUES (?, ?, ?, ?)', folderName, name, jpeg, Date.now())
        return name
      }
      await mkdir(folder(home), { recursive: true, mode: 0o700 })
      // 'wx': never overwrite, even in the astronomically unlikely case of a repeated name.
      await writeFile(join(folder(home), name), jpeg, { flag: 'wx', mode: 0o600 })
      return name
    },
    async read(home, name) {
      if (!NAME.test(name)) return undefined
      if (home.db.engine === 'postgres') {
        const row = await home.db.get('SELECT bytes FROM stored_files WHERE folder = ? AND name = ?', folderName, name)
        return row ? Buffer.from(bytes(row, 'bytes')) : undefined
      }
      try {
        return await readFile(join(folder(home), name))
      } catch {
        return undefined
      }
    },
    async remove(home, name) {
      if (!NAME.test(name)) return
      if (home.db.engine === 'postgres') await home.db.run('DELETE FROM stored_files WHERE folder = ? AND name = ?', folderName, name)
      else await rm(join(folder(home), name), { force: true })
    },
  }
}

const uploads = imageFolder('uploads')
export const saveUpload = uploads.save
export const readUpload = uploads.read
export const removeUpload = uploads.remove
