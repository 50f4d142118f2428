// Helpers of the profile tests against a real server: users (optionally registered with an
// invitation code), a multipart post with any number of files, and a valid verification form. The
// operators' tool is admin-cli.ts.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { answer, type Answer, type TestServer } from './harness.ts'
import { pngImage } from './deposit-support.ts'

export interface Member {
  userId: number
  token: string
  headers: Record<string, string>
}

export const PASSWORD = 'Secret2026pass'

/** Registers through the real email-code flow (with an invitation code if given) and logs in. */
export async function member(server: TestServer, email: string, inviteCode?: string): Promise<Member> {
  const sent = await server.post('/bb/user/sendEmailCode', { email })
  if (sent.json?.code !== 1) throw new Error(`sendEmailCode failed: ${sent.text}`)
  const code = await server.readCode(email)
  const registered = await server.post('/bb/user/register', { email, code, password: PASSWORD, ...(inviteCode ? { inviteCode } : {}) })
  if (registered.json?.code !== 1) throw new Error(`register failed: ${registered.text}`)
  const login = await server.post('/bb/user/login', { account: email, password: PASSWORD })
  if (login.json?.code !== 1) throw new Error(`login failed: ${login.text}`)
  const { userId, token } = login.json.data as { userId: string; token: string }
  return { userId: Number(userId), token, headers: { [TOKEN_HEADER]: token } }
}

export interface FilePart {
  bytes: Buffer
  type?: string
  name?: string
}

/** POSTs a multipart form the way the app does: the fields, then each file. */
export async function postFiles(
  server: TestServer,
  path: string,
  fields: Record<string, string>,
  files: Record<string, FilePart>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name ?? `${name}.png`)
  }
  return answer(await fetch(server.url + path, { method: 'POST', body: form, headers }))
}

/** A form that passes every check: a passport, two real PNGs. */
export const VALID_KYC = { name: 'Lee Min', docType: '2', docNumber: 'E12345678' }
export const kycPhotos = (): Record<string, FilePart> => ({ front: { bytes: pngImage(40, 30) }, back: { bytes: pngImage(30, 40) } })

/**
 * The names the image store (server/uploads/store.ts) holds in one folder, sorted: the files of
 * DATA_DIR/<folder> beside a SQLite file, the stored_files rows on PostgreSQL, where every instance
 * must be able to serve them.
 */
export const storedImages = (server: TestServer, folder: 'uploads' | 'avatars'): Promise<string[]> =>
  server.withDb(async (db) => {
    if (db.engine === 'postgres') return (await db.all('SELECT name FROM stored_files WHERE folder = ? ORDER BY name', folder)).map((row) => String(row.name))
    try {
      return (await readdir(join(server.dataDir, folder))).toSorted()
    } catch {
      return []
    }
  })
