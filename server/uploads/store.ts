// Proof images on disk: DATA_DIR/uploads/<32 random hex>.jpg. The server makes every name (nothing
// of the client's file name is ever used), so a name cannot point outside the folder, collide, or
// be guessed from another user's upload.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const NAME = /^[0-9a-f]{32}\.jpg$/

const folder = (dataDir: string): string => join(dataDir, 'uploads')

/** Writes a re-encoded image and answers its new name. */
export async function saveUpload(dataDir: string, jpeg: Buffer): Promise<string> {
  await mkdir(folder(dataDir), { recursive: true, mode: 0o700 })
  const name = `${randomBytes(16).toString('hex')}.jpg`
  // 'wx': never overwrite, even in the astronomically unlikely case of a repeated name.
  await writeFile(join(folder(dataDir), name), jpeg, { flag: 'wx', mode: 0o600 })
  return name
}

/** The stored bytes, or undefined if the name is not one of ours or the file is gone. */
export async function readUpload(dataDir: string, name: string): Promise<Buffer | undefined> {
  if (!NAME.test(name)) return undefined
  try {
    return await readFile(join(folder(dataDir), name))
  } catch {
    return undefined
  }
}

/** Cleans up after a request that failed once its image was written. */
export async function removeUpload(dataDir: string, name: string): Promise<void> {
  if (NAME.test(name)) await rm(join(folder(dataDir), name), { force: true })
}
