// Avatar images: the `avatars` folder of the image store (server/uploads/store.ts), apart from the
// private uploads (proofs, identity photos), so that the public avatar route can never be pointed at one of those. The
// server makes every name; 128 random bits make a URL impossible to guess.
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { imageFolder, isStoredName } from '../uploads/store.ts'

export const avatarUrl = (name: string): string => `${PROFILE_PATHS.avatarImage}${name}`

/** The file name of an avatar URL of ours, else undefined. */
export function avatarNameOf(url: string): string | undefined {
  if (!url.startsWith(PROFILE_PATHS.avatarImage)) return undefined
  const name = url.slice(PROFILE_PATHS.avatarImage.length)
  return isStoredName(name) ? name : undefined
}

const avatars = imageFolder('avatars')
export const saveAvatar = avatars.save
export const readAvatar = avatars.read
export const removeAvatar = avatars.remove
