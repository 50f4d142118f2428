// Avatar files: DATA_DIR/avatars/<32 random hex>.jpg, apart from the private uploads (proofs,
// identity photos), so that the public avatar route can never be pointed at one of those. The
// server makes every name; 128 random bits make a URL impossible to guess.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'

const NAME = /^[0-9a-f]{32}\.jpg$/

const folder = (dataDir: string): string => join(dataDir, 'avatars')

export const avatarUrl = (name: string): string => `${PROFILE_PATHS.avatarImage}${name}`

/** The file name of an avatar URL of ours, else undefined. */
export function avatarNameOf(url: string): string | undefined {
  if (!url.startsWith(PROFILE_PATHS.avatarImage)) return undefined
  const name = url.slice(PROFILE_PATHS.avatarImage.length)
  return NAME.test(name) ? name : undefined
}

export async function saveAvatar(dataDir: string, jpeg: Buffer): Promise<string> {
  await mkdir(folder(dataDir), { recursive: true, mode: 0o700 })
  const name = `${randomBytes(16).toString('hex')}.jpg`
  await writeFile(join(folder(dataDir), name), jpeg, { flag: 'wx', mode: 0o600 })
  return name
}

export async function readAvatar(dataDir: string, name: string): Promise<Buffer | undefined> {
  if (!NAME.test(name)) return undefined
  try {
    return await readFile(join(folder(dataDir), name))
  } catch {
    return undefined
  }
}

export async function removeAvatar(dataDir: string, name: string): Promise<void> {
  if (NAME.test(name)) await rm(join(folder(dataDir), name), { force: true })
}
