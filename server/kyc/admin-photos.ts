// Where `admin kyc show` lets an operator see a verification's two identity photos. They are
// private, so the tool never copies them anywhere of its own choosing and leaves nothing behind
// (no system temp folder):
// - without a folder it names the files the image store already keeps (SQLite: DATA_DIR/uploads);
//   on PostgreSQL the images are rows (server/db/shared-files.ts), so it says to name a folder;
// - with `--photos <folder>` it writes both into that folder, on either engine: the folder must
//   already exist and not be shared (not the system temp folder, not writable by others), and the
//   files are new (never overwriting) and readable by their owner only (0600).
import { lstat, realpath, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Database } from '../db/database.ts'
import { DEFAULT_CONFIG } from '../config.ts'
import { type FileHome, readUpload, uploadPath } from '../uploads/store.ts'
import type { Submission } from './submissions.ts'

/** A folder the photos may not go to, or files that are in the way; the tool answers exit code 1. */
export class PhotoFolderRefusal extends Error {}

export interface PhotoLines {
  front: string
  back: string
}

const SIDES = ['front', 'back'] as const
const homeOf = (db: Database, dataDir: string): FileHome => ({ db, config: { ...DEFAULT_CONFIG, dataDir } })
const nameOf = (s: Submission, side: (typeof SIDES)[number]): string => (side === 'front' ? s.frontPhoto : s.backPhoto)

const exists = async (path: string): Promise<boolean> =>
  await lstat(path).then(
    () => true,
    () => false,
  )

/** What to print for each photo when no folder was named: the stored file, or how to see it. */
export async function storedPhotos(db: Database, dataDir: string, s: Submission): Promise<PhotoLines> {
  const home = homeOf(db, dataDir)
  const line = async (side: (typeof SIDES)[number]): Promise<string> => {
    if (db.engine === 'postgres') return '(in the database: add --photos <folder> to write it there)'
    const name = nameOf(s, side)
    const path = uploadPath(home, name)
    return path !== undefined && (await exists(path)) ? path : `(missing: ${name})`
  }
  return { front: await line('front'), back: await line('back') }
}

/** The named folder as an absolute path, once it is known to exist, be a folder and not be shared. */
async function privateFolder(folder: string): Promise<string> {
  const path = resolve(folder)
  const info = await stat(path).catch(() => undefined)
  if (!info) throw new PhotoFolderRefusal(`no folder ${path}: create it first, readable by you only (mkdir -m 700)`)
  if (!info.isDirectory()) throw new PhotoFolderRefusal(`${path} is not a folder`)
  const real = await realpath(path)
  const temp = await realpath(tmpdir()).catch(() => resolve(tmpdir()))
  // World-writable folders (/tmp, /var/tmp, /dev/shm) are shared by every account on the machine.
  if (real === temp || (info.mode & 0o002) !== 0) throw new PhotoFolderRefusal(`${path} is a shared folder: identity photos need a folder of your own`)
  return path
}

/** Writes both photos into `folder` as kyc-<id>-front.jpg and kyc-<id>-back.jpg; all or nothing. */
export async function writePhotos(db: Database, dataDir: string, s: Submission, folder: string): Promise<PhotoLines> {
  const home = homeOf(db, dataDir)
  const target = await privateFolder(folder)
  const paths = { front: join(target, `kyc-${s.id}-front.jpg`), back: join(target, `kyc-${s.id}-back.jpg`) }
  for (const side of SIDES) {
    if (await exists(paths[side])) throw new PhotoFolderRefusal(`${paths[side]} already exists: remove it or name another folder`)
  }
  const lines: PhotoLines = { front: '', back: '' }
  const written: string[] = []
  try {
    for (const side of SIDES) {
      const bytes = await readUpload(home, nameOf(s, side))
      if (!bytes) {
        lines[side] = `(missing: ${nameOf(s, side)})`
        continue
      }
      // 'wx': a new file only, never through a link planted since the check above.
      await writeFile(paths[side], bytes, { flag: 'wx', mode: 0o600 })
      written.push(paths[side])
      lines[side] = paths[side]
    }
  } catch (error) {
    // One photo without the other is of no use to the review: take back what was written.
    await Promise.all(written.map((path) => rm(path, { force: true })))
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') throw new PhotoFolderRefusal(`${folder}: a photo file appeared there meanwhile; try again`)
    throw error
  }
  return lines
}
