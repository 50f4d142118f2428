// Stored images, one folder per use: proofs and identity photos in `uploads` (private), avatars
// apart in `avatars` (public, server/profile/avatar-store.ts). Every name is <32 random hex>.jpg:
// the server makes every name (nothing of the client's file name is ever used), so a name cannot
// point outside its folder, collide, or be guessed from another upload.
// Where the bytes live follows the database (server/db/shared-files.ts): with the embedded SQLite
// file, in DATA_DIR/<folder>/; on PostgreSQL, in the database, so that every server instance behind
// the one address serves what any instance stored.
import { randomBytes } from 'node:crypto'
import type { AppContext } from '../context.ts'
import { readSharedFile, removeSharedFile, sharedFilePath, type SharedFolder, writeSharedFile } from '../db/shared-files.ts'

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

const at = (home: FileHome) => ({ db: home.db, dataDir: home.config.dataDir })

/** The images of one folder. */
export function imageFolder(folderName: SharedFolder): ImageFolder {
  return {
    async save(home, jpeg) {
      const name = `${randomBytes(16).toString('hex')}.jpg`
      await writeSharedFile(at(home), folderName, name, jpeg)
      return name
    },
    read: async (home, name) => (NAME.test(name) ? readSharedFile(at(home), folderName, name) : undefined),
    async remove(home, name) {
      if (NAME.test(name)) await removeSharedFile(at(home), folderName, name)
    },
  }
}

const uploads = imageFolder('uploads')
export const saveUpload = uploads.save
export const readUpload = uploads.read
export const removeUpload = uploads.remove

/**
 * Where an upload is a file an operator can open (SQLite: under DATA_DIR/uploads; it may since have
 * been removed), or undefined: on PostgreSQL it is a row, and a name the store could not have made
 * points nowhere.
 */
export const uploadPath = (home: FileHome, name: string): string | undefined => (NAME.test(name) ? sharedFilePath(at(home), 'uploads', name) : undefined)
