// Changing one's avatar (spec §2 /me/profile, §3 user info `icon`): the upload pipeline makes it a
// fresh JPEG of its centred square at AVATAR_SIZE px (no metadata survives), it is stored under an
// unguessable name, and `icon` points at it. The previous file is removed once nothing points at it.
// Serving: to anyone with the URL (an avatar is shown to others, e.g. on a poster), never as HTML.
import type { FastifyReply } from 'fastify'
import { BB_FAIL, type BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { AVATAR_SIZE, type AvatarResult } from '../../src/contract/profile.ts'
import type { AppContext } from '../context.ts'
import { PROOF_HEADERS } from '../deposits/proof.ts'
import { ApiError, fail, ok } from '../http/envelope.ts'
import { safeJpegOf } from '../uploads/proof-image.ts'
import { avatarNameOf, avatarUrl, readAvatar, removeAvatar, saveAvatar } from './avatar-store.ts'

export const AVATAR_HEADERS = {
  ...PROOF_HEADERS,
  'content-disposition': 'inline; filename="avatar.jpg"',
  // The name changes with every upload, so a copy can be kept for good.
  'cache-control': 'public, max-age=31536000, immutable',
} as const

export async function changeAvatar(ctx: AppContext, userId: number, file: Buffer | undefined): Promise<BbEnvelope<AvatarResult | null>> {
  if (!file) return fail(SERVER_MESSAGES.uploadCredentials)
  const jpeg = await safeJpegOf(file, AVATAR_SIZE)
  if (!jpeg.ok) return fail(jpeg.msg)
  const name = await saveAvatar(ctx, jpeg.value)
  const icon = avatarUrl(name)
  const previous = await ctx.db.transaction(async () => {
    const row = await ctx.db.get('SELECT icon FROM users WHERE id = ?', userId)
    await ctx.db.run('UPDATE users SET icon = ? WHERE id = ?', icon, userId)
    return typeof row?.icon === 'string' ? row.icon : ''
  })
  const old = avatarNameOf(previous)
  if (old && old !== name) await removeAvatar(ctx, old)
  return ok({ icon })
}

export async function sendAvatar(ctx: AppContext, name: string, reply: FastifyReply): Promise<FastifyReply> {
  const image = await readAvatar(ctx, name)
  if (!image) throw new ApiError(404, BB_FAIL, SERVER_MESSAGES.notFound)
  return reply.headers(AVATAR_HEADERS).send(image)
}
