// The avatar: through the upload pipeline (type by bytes, pixel limits, re-encoded without
// metadata), cropped to its centred square at 256 px, stored under an unguessable name, served to
// anyone with its URL but never as anything a browser would run; `icon` in the user info follows,
// and the replaced file goes. Hostile files are refused and leave nothing behind.
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES as M } from '../../src/contract/messages.ts'
import { AVATAR_SIZE, PROFILE_PATHS } from '../../src/contract/profile.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { readImageHeader } from '../../server/uploads/image-header.ts'
import { jpegImage, pngHeaderOnly, pngImage } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { type FilePart, type Member, member, postFiles, storedImages } from './profile-support.ts'

let server: TestServer
let user: Member
beforeAll(async () => {
  server = await startServer()
  user = await member(server, 'face@avatar.test')
})
afterAll(() => server.close())

const upload = (file: FilePart, who: Member = user) => postFiles(server, PROFILE_PATHS.uploadIcon, {}, { icon: file }, who.headers)
const iconOf = async (who: Member) => (await server.post(USER_PATHS.info, { userId: String(who.userId) }, who.headers)).json.data.icon as string

const avatarFiles = () => storedImages(server, 'avatars')

/** A landscape PNG: red left third, green middle, blue right third. */
function thirds(width: number, height: number): Buffer {
  const png = new PNG({ width, height })
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const third = Math.floor((x * 3) / width)
      png.data.set([third === 0 ? 255 : 0, third === 1 ? 255 : 0, third === 2 ? 255 : 0, 255], (y * width + x) * 4)
    }
  }
  return PNG.sync.write(png)
}

describe('a new avatar', () => {
  it('is the centred square of the picture at 256 px, in the user info, served to anyone with the URL', async () => {
    expect(await iconOf(user)).toBe('')
    const answer = await upload({ bytes: thirds(600, 200) })
    expect(answer.json.code, answer.text).toBe(1)
    const icon = answer.json.data.icon as string
    expect(icon).toMatch(/^\/bb\/user\/avatar\/[0-9a-f]{32}\.jpg$/)
    expect(await iconOf(user)).toBe(icon)
    // No session needed: the avatar is shown to others.
    const response = await fetch(server.url + icon)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(readImageHeader(bytes)).toEqual({ type: 'jpeg', width: AVATAR_SIZE, height: AVATAR_SIZE })
    // The square is the middle third: green all over (JPEG is lossy, so roughly).
    const pixels = jpeg.decode(bytes, { useTArray: true })
    for (const [x, y] of [[5, 5], [128, 128], [250, 250]] as const) {
      const at = (y * AVATAR_SIZE + x) * 4
      expect(pixels.data[at + 1]).toBeGreaterThan(200)
      expect(pixels.data[at]).toBeLessThan(60)
      expect(pixels.data[at + 2]).toBeLessThan(60)
    }
  })

  it('a small picture is scaled up to 256 px, and EXIF never survives', async () => {
    const answer = await upload({ bytes: jpegImage(40, 20, { orientation: 6, secret: 'GPS 48.8584N 2.2945E' }), type: 'image/jpeg', name: 'me.jpg' })
    const bytes = Buffer.from(await (await fetch(server.url + answer.json.data.icon)).arrayBuffer())
    expect(readImageHeader(bytes)).toEqual({ type: 'jpeg', width: AVATAR_SIZE, height: AVATAR_SIZE })
    expect(bytes.includes('GPS 48.8584N')).toBe(false)
    expect(bytes.includes('Exif')).toBe(false)
  })

  it('replaces the previous file, which is gone', async () => {
    const before = await iconOf(user)
    const after = (await upload({ bytes: pngImage(10, 10) })).json.data.icon
    expect(after).not.toBe(before)
    expect((await fetch(server.url + before)).status).toBe(404)
    expect(await avatarFiles()).toEqual([after.split('/').pop()])
  })

  it('only names of ours are served: guesses, other files and traversal are not found', async () => {
    for (const path of ['0'.repeat(32) + '.jpg', 'x.html', '..%2Fexchange.sqlite', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2Fuploads']) {
      const response = await fetch(`${server.url}${PROFILE_PATHS.avatarImage}${path}`)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
      expect(response.headers.get('content-type') ?? '').not.toMatch(/image|html/)
    }
  })
})

describe('hostile or broken files are refused and leave nothing behind', () => {
  const cases: Array<[string, FilePart, number, string]> = [
    ['HTML', { bytes: Buffer.from('<!doctype html><script>alert(1)</script>') }, 200, M.imageType],
    ['SVG', { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml' }, 200, M.imageType],
    ['a PNG signature with garbage', { bytes: Buffer.concat([pngHeaderOnly(10, 10), Buffer.from('junk')]) }, 200, M.imageUnreadable],
    ['a pixel bomb', { bytes: pngHeaderOnly(9000, 9000) }, 200, M.imageTooManyPixels],
    ['6 MiB', { bytes: Buffer.concat([pngImage(2, 2), Buffer.alloc(6 * 1024 * 1024)]) }, 413, M.imageTooLarge],
    ['an empty file', { bytes: Buffer.alloc(0) }, 200, M.uploadCredentials],
  ]

  it.each(cases)('%s', async (_label, file, status, msg) => {
    const [icon, files] = [await iconOf(user), await avatarFiles()]
    const answer = await upload(file)
    expect(answer.status).toBe(status)
    expect(answer.json).toEqual({ code: 0, msg, data: null })
    expect(await iconOf(user)).toBe(icon)
    expect(await avatarFiles()).toEqual(files)
  })

  it('a polyglot PNG keeps only its pixels', async () => {
    const answer = await upload({ bytes: Buffer.concat([pngImage(4, 4), Buffer.from('<html><script>alert(1)</script>')]), type: 'text/html', name: 'a.html' })
    const bytes = Buffer.from(await (await fetch(server.url + answer.json.data.icon)).arrayBuffer())
    expect(bytes.includes('<script')).toBe(false)
    expect(readImageHeader(bytes)?.type).toBe('jpeg')
  })

  it('needs a session', async () => {
    expect((await postFiles(server, PROFILE_PATHS.uploadIcon, {}, { icon: { bytes: pngImage(2, 2) } })).json.code).toBe(-2)
  })
})
