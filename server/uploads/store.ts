// Images on disk, one folder of DATA_DIR per use: proofs and identity photos in DATA_DIR/uploads
// (private), avatars apart in DATA_DIR/avatars (public, server/profile/avatar-store.ts). Every file
// is <32 random hex>.jpg: the server makes every name (nothing of the client's file name is ever
// used), so a name cannot point outside its folder, collide, or be guessed from another upload.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const NAME = /^[0-9a-f]{32}\.jpg$/

/** Whether `name` is one the store could have made. */
export const isStoredName = (name: string): boolean => NAME.test(name)

export interface ImageFolder {
  /** Writes a re-encoded image and answers its new name. */
  save(dataDir: string, jpeg: Buffer): Promise<string>
  /** The stored bytes, or undefined if the name is not one of ours or the file is gone. */
  read(dataDir: string, name: string): Promise<Buffer | undefined>
  /** Removes a stored image (a replaced one, or one written by a request that then failed). */
  remove(dataDir: string, name: string): Promise<void>
}

/** The images kept in DATA_DIR/<folderName>. */
export function imageFolder(folderName: string): ImageFolder {
  const folder = (dataDir: string): string => join(dataDir, folderName)
  return {
    async save(dataDir, jpeg) {
      await mkdir(folder(dataDir), { recursive: true, mode: 0o700 })
      const name = `${randomBytes(16).toString('hex')}.jpg`
      // 'wx': never overwrite, even in the astronomically unlikely case of a repeated name.
      await writeFile(join(folder(dataDir), name), jpeg, { flag: 'wx', mode: 0o600 })
      return name
    },
    async read(dataDir, name) {
      if (!NAME.test(name)) return undefined
      try {
        return await readFile(join(folder(dataDir), name))
      } catch {
        return undefined
      }
    },
    async remove(dataDir, name) {
      if (NAME.test(name)) await rm(join(folder(dataDir), name), { force: true })
    },
  }
}

const uploads = imageFolder('uploads')
export const saveUpload = uploads.save
export const readUpload = uploads.read
export const removeUpload = uploads.remove
