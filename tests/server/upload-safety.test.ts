// The proof upload takes only real images, decided by their bytes; keeps none of the original file
// (metadata, appended payloads); refuses oversized files and pixel bombs before decoding them; and
// every refusal leaves no record and no file behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { MAX_UPLOAD_BYTES, readImageHeader } from '../../server/uploads/image-header.ts'
import { str } from '../../server/db/rows.ts'
import { type Funded, fundedUser, snapshot, withDb } from './assets-support.ts'
import { jpegImage, pngHeaderOnly, pngImage, postMultipart, type Proof, storedUploads, WEBP_1X1 } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'

let server: TestServer
let user: Funded
beforeAll(async () => {
  server = await startServer()
  user = await fundedUser(server, 'uploader@deposit.test')
})
afterAll(() => server.close())

const FIELDS = { currency: 'USDT', chain: 'TRC20', amount: '10' }
const upload = (proof: Proof) => postMultipart(server, ASSET_PATHS.deposit, FIELDS, proof, user.headers)

const storedFiles = (): Promise<string[]> => storedUploads(server)

/** Uploads and fetches the stored proof back as its owner. */
async function roundTrip(proof: Proof): Promise<{ bytes: Buffer; headers: Headers }> {
  const answer = await upload(proof)
  expect(answer.json?.code, answer.text).toBe(1)
  const response = await fetch(`${server.url}${ASSET_PATHS.depositProof}?id=${answer.json.data.id}`, { headers: user.headers })
  return { bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers }
}

describe('accepted images are stored re-encoded', () => {
  it.each([
    ['PNG', { bytes: pngImage(6, 4) }, { width: 6, height: 4 }],
    ['JPEG', { bytes: jpegImage(16, 8), type: 'image/jpeg', name: 'photo.jpg' }, { width: 16, height: 8 }],
    ['WebP', { bytes: WEBP_1X1, type: 'image/webp', name: 'shot.webp' }, { width: 1, height: 1 }],
    // The declared type and the name are ignored: the bytes decide.
    ['PNG sent as text/html named x.html', { bytes: pngImage(3, 3), type: 'text/html', name: 'x.html' }, { width: 3, height: 3 }],
    // Larger than a proof needs: averaged down to at most 2560 px on the long side.
    ['a 5200 px wide PNG', { bytes: pngImage(5200, 9) }, { width: 1733, height: 3 }],
  ])('%s', async (_label, proof, size) => {
    const { bytes, headers } = await roundTrip(proof)
    expect(headers.get('content-type')).toBe('image/jpeg')
    expect(readImageHeader(bytes)).toEqual({ type: 'jpeg', ...size })
  })

  it('drops EXIF (GPS, device, descriptions) and applies the orientation to the pixels', async () => {
    const { bytes } = await roundTrip({ bytes: jpegImage(16, 8, { orientation: 6, secret: 'GPS 48.8584N 2.2945E' }), type: 'image/jpeg' })
    expect(bytes.includes('GPS 48.8584N')).toBe(false)
    expect(bytes.includes('Exif')).toBe(false)
    // Orientation 6 turns the 16×8 photo upright: 8 wide, 16 high.
    expect(readImageHeader(bytes)).toEqual({ type: 'jpeg', width: 8, height: 16 })
  })

  it('neutralises a polyglot: a valid PNG followed by HTML and script is kept as pixels only', async () => {
    const payload = '<html><body><script>fetch("/bb/user/info")</script></body></html>'
    const { bytes, headers } = await roundTrip({ bytes: Buffer.concat([pngImage(4, 4), Buffer.from(payload)]), type: 'text/html', name: 'a.html' })
    expect(bytes.includes('<script')).toBe(false)
    expect(bytes.includes('<html')).toBe(false)
    expect(readImageHeader(bytes)?.type).toBe('jpeg')
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
  })

  it('neutralises a JPEG carrying script in a comment segment and after its end', async () => {
    const image = jpegImage(8, 8)
    const comment = Buffer.from('<script>alert(1)</script>')
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment])
    const polyglot = Buffer.concat([image.subarray(0, 2), segment, image.subarray(2), Buffer.from('<html><script>alert(2)</script>')])
    const { bytes } = await roundTrip({ bytes: polyglot, type: 'image/jpeg' })
    expect(bytes.includes('<script')).toBe(false)
    expect(readImageHeader(bytes)).toEqual({ type: 'jpeg', width: 8, height: 8 })
  })
})

describe('refused uploads leave no record and no file', () => {
  const refusals: Array<[string, Proof, number, string]> = [
    ['HTML', { bytes: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), type: 'image/png' }, 200, SERVER_MESSAGES.imageType],
    ['a script', { bytes: Buffer.from('alert(document.cookie)//'), type: 'image/jpeg', name: 'a.jpg' }, 200, SERVER_MESSAGES.imageType],
    ['SVG', { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml' }, 200, SERVER_MESSAGES.imageType],
    ['GIF', { bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), type: 'image/gif' }, 200, SERVER_MESSAGES.imageType],
    ['a PNG signature with garbage', { bytes: Buffer.concat([pngHeaderOnly(10, 10), Buffer.from('not really')]) }, 200, SERVER_MESSAGES.imageUnreadable],
    ['a truncated JPEG', { bytes: jpegImage(32, 32).subarray(0, 200), type: 'image/jpeg' }, 200, SERVER_MESSAGES.imageUnreadable],
    ['a WebP header with garbage', { bytes: Buffer.concat([WEBP_1X1.subarray(0, 30), Buffer.alloc(40, 7)]) }, 200, SERVER_MESSAGES.imageUnreadable],
    ['64 megapixels', { bytes: pngHeaderOnly(8000, 8000) }, 200, SERVER_MESSAGES.imageTooManyPixels],
    ['a side over 10000', { bytes: pngHeaderOnly(12_000, 10) }, 200, SERVER_MESSAGES.imageTooManyPixels],
    ['a zero-size image', { bytes: pngHeaderOnly(0, 10) }, 200, SERVER_MESSAGES.imageTooManyPixels],
    // Declared length over the limit: refused before reading.
    ['6 MiB', { bytes: Buffer.concat([pngImage(2, 2), Buffer.alloc(6 * 1024 * 1024)]) }, 413, SERVER_MESSAGES.imageTooLarge],
    // Within the declared-length margin: cut off while streaming.
    ['5 MiB + 1 KiB', { bytes: Buffer.concat([pngImage(2, 2), Buffer.alloc(MAX_UPLOAD_BYTES + 1024)]) }, 413, SERVER_MESSAGES.imageTooLarge],
    ['an empty file', { bytes: Buffer.alloc(0) }, 200, SERVER_MESSAGES.uploadCredentials],
  ]

  it.each(refusals)('%s', async (_label, proof, status, msg) => {
    const before = await snapshot(server)
    const files = await storedFiles()
    const answer = await upload(proof)
    expect(answer.status).toBe(status)
    expect(answer.json).toEqual({ code: 0, msg, data: null })
    expect(await snapshot(server)).toEqual(before)
    expect(await storedFiles()).toEqual(files)
  })

  it('keeps exactly one file per stored proof', async () => {
    const named = await withDb(server, async (db) => (await db.all('SELECT proof FROM asset_records WHERE proof IS NOT NULL')).map((row) => str(row, 'proof')))
    expect((await storedFiles()).toSorted()).toEqual(named.toSorted())
    for (const name of named) expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/)
  })
})

describe('the form itself', () => {
  it('refuses a second file, a file under another name and duplicated fields as malformed', async () => {
    const twoFiles = new FormData()
    for (const [name, value] of Object.entries(FIELDS)) twoFiles.append(name, value)
    twoFiles.append('proof', new Blob([new Uint8Array(pngImage(2, 2))]), 'a.png')
    twoFiles.append('other', new Blob([new Uint8Array(pngImage(2, 2))]), 'b.png')
    const duplicated = new FormData()
    duplicated.append('amount', '10')
    for (const [name, value] of Object.entries(FIELDS)) duplicated.append(name, value)
    for (const body of [twoFiles, duplicated]) {
      const answer = await fetch(server.url + ASSET_PATHS.deposit, { method: 'POST', body, headers: user.headers })
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
  })

  it('answers a form-encoded request (no file possible) with "Please upload credentials"', async () => {
    const answer = await server.post(ASSET_PATHS.deposit, FIELDS, user.headers)
    expect(answer.json).toEqual({ code: 0, msg: SERVER_MESSAGES.uploadCredentials, data: null })
  })

  it('asks for a session before reading anything', async () => {
    const answer = await postMultipart(server, ASSET_PATHS.deposit, FIELDS, { bytes: pngImage(2, 2) })
    expect(answer.json.code).toBe(-2)
  })
})
