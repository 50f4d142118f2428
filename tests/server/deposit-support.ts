// Helpers of the deposit, withdrawal, upload and address-book tests: images made byte by byte
// (real PNG/JPEG/WebP and the things that only pretend to be images), a multipart post, and the
// context the admin CLI would build to call the review functions on the server's database.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../../server/db/database.ts'
import { str } from '../../server/db/rows.ts'
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import type { AppContext } from '../../server/context.ts'
import { answer, type Answer, type TestServer } from './harness.ts'

export const LOGIN_PASSWORD = 'Secret2026pass'

/** A real PNG, each pixel a colour that depends on its place (so orientation can be checked). */
export function pngImage(width: number, height: number): Buffer {
  const png = new PNG({ width, height })
  for (let i = 0; i < width * height; i++) png.data.set([(i * 37) % 256, (i * 91) % 256, 200, 255], i * 4)
  return PNG.sync.write(png)
}

/** A big-endian TIFF block with the orientation tag and an ASCII tag carrying `secret`. */
function exifSegment(orientation: number, secret: string): Buffer {
  const text = Buffer.from(`${secret}\0`, 'latin1')
  const ifd = Buffer.alloc(2 + 2 * 12 + 4)
  ifd.writeUInt16BE(2, 0)
  // 0x0112 Orientation, SHORT, 1 value, inline.
  ifd.writeUInt16BE(0x0112, 2)
  ifd.writeUInt16BE(3, 4)
  ifd.writeUInt32BE(1, 6)
  ifd.writeUInt16BE(orientation, 10)
  // 0x010e ImageDescription, ASCII, stored after the IFD (a stand-in for GPS data and the like).
  ifd.writeUInt16BE(0x010e, 14)
  ifd.writeUInt16BE(2, 16)
  ifd.writeUInt32BE(text.length, 18)
  ifd.writeUInt32BE(8 + ifd.length, 22)
  const tiff = Buffer.concat([Buffer.from('MM\0\x2a\0\0\0\x08', 'latin1'), ifd, text])
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const header = Buffer.from([0xff, 0xe1, 0, 0])
  header.writeUInt16BE(body.length + 2, 2)
  return Buffer.concat([header, body])
}

/** A real JPEG with an EXIF segment (orientation + a secret text) right after its start marker. */
export function jpegImage(width: number, height: number, exif?: { orientation: number; secret: string }): Buffer {
  const data = Buffer.alloc(width * height * 4, 180)
  const encoded = jpeg.encode({ width, height, data }, 90).data
  if (!exif) return encoded
  return Buffer.concat([encoded.subarray(0, 2), exifSegment(exif.orientation, exif.secret), encoded.subarray(2)])
}

/** A 1×1 lossy WebP. */
export const WEBP_1X1 = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64')

/** Only a PNG signature and IHDR claiming this size: enough for the header check, nothing more. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25)
  ihdr.writeUInt32BE(13, 0)
  ihdr.write('IHDR', 4, 'latin1')
  ihdr.writeUInt32BE(width, 8)
  ihdr.writeUInt32BE(height, 12)
  ihdr.set([8, 6, 0, 0, 0], 16)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(64)])
}

export interface Proof {
  bytes: Buffer
  /** What the client claims; the server must not believe it. */
  type?: string
  name?: string
}

/** POSTs a multipart form the way the app does (fields, then the file). */
export async function postMultipart(
  server: TestServer,
  path: string,
  fields: Record<string, string>,
  proof: Proof | undefined,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (proof) form.append('proof', new Blob([new Uint8Array(proof.bytes)], { type: proof.type ?? 'image/png' }), proof.name ?? 'proof.png')
  return answer(await fetch(server.url + path, { method: 'POST', body: form, headers }))
}

/** What the admin CLI builds: the review functions only need the database and a clock. */
export function reviewContext(server: TestServer, db: Database): AppContext {
  const quiet = { error: () => {}, info: () => {} }
  return { db, now: () => server.clock.now, config: { dataDir: server.dataDir }, log: quiet } as unknown as AppContext
}

/** Sets the fund password through the real call. */
export async function setFundPassword(server: TestServer, token: string, tradePassword = '123456'): Promise<void> {
  const set = await server.post('/bb/user/setTransactionPwd', { loginPassword: LOGIN_PASSWORD, tradePassword }, { [TOKEN_HEADER]: token })
  if (set.json?.code !== 1) throw new Error(`setTransactionPwd failed: ${set.text}`)
}

/**
 * The names of the private uploads the server keeps, sorted: the files of DATA_DIR/uploads with
 * SQLite, the rows of stored_files on PostgreSQL (server/uploads/store.ts).
 */
export async function storedUploads(server: TestServer): Promise<string[]> {
  if (server.database.databaseUrl) {
    return server.withDb(async (db) => (await db.all("SELECT name FROM stored_files WHERE folder = 'uploads' ORDER BY name")).map((row) => str(row, 'name')))
  }
  try {
    return (await readdir(join(server.dataDir, 'uploads'))).toSorted()
  } catch {
    return []
  }
}
