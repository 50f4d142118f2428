// The pieces of the upload pipeline that need no server: header parsing of every accepted format
// (and its robustness on junk), EXIF orientation, and the pixel transforms before re-encoding.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { jpegOrientation } from '../../server/uploads/exif-orientation.ts'
import { readImageHeader, withinPixelLimits } from '../../server/uploads/image-header.ts'
import { applyOrientation, flattenOnWhite, type Rgba, shrinkToFit } from '../../server/uploads/pixels.ts'
import { jpegImage, pngImage, WEBP_1X1 } from './deposit-support.ts'

/** A w×h image whose red channel numbers the pixels row by row. */
const numbered = (width: number, height: number): Rgba => ({
  width,
  height,
  data: Uint8Array.from({ length: width * height * 4 }, (_, i) => (i % 4 === 0 ? i / 4 : 255)),
})
const reds = (image: Rgba): number[][] =>
  Array.from({ length: image.height }, (_row, y) => Array.from({ length: image.width }, (_cell, x) => image.data[(y * image.width + x) * 4] ?? -1))

describe('applyOrientation turns a 3×2 image as EXIF says', () => {
  it.each([
    [1, [[0, 1, 2], [3, 4, 5]]],
    [2, [[2, 1, 0], [5, 4, 3]]],
    [3, [[5, 4, 3], [2, 1, 0]]],
    [4, [[3, 4, 5], [0, 1, 2]]],
    [5, [[0, 3], [1, 4], [2, 5]]],
    [6, [[3, 0], [4, 1], [5, 2]]],
    [7, [[5, 2], [4, 1], [3, 0]]],
    [8, [[2, 5], [1, 4], [0, 3]]],
  ])('orientation %i', (orientation, expected) => {
    expect(reds(applyOrientation(numbered(3, 2), orientation))).toEqual(expected)
  })
})

describe('pixels', () => {
  it('averages blocks down to the long-side limit', () => {
    const shrunk = shrinkToFit(numbered(4, 2), 2)
    expect([shrunk.width, shrunk.height]).toEqual([2, 1])
    // Blocks {0,1,4,5} and {2,3,6,7}.
    expect(reds(shrunk)).toEqual([[3, 5]])
    const small = numbered(2, 2)
    expect(shrinkToFit(small, 2)).toBe(small)
  })

  it('flattens transparency on white', () => {
    const image = { width: 2, height: 1, data: Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 128]) }
    expect([...flattenOnWhite(image).data]).toEqual([255, 255, 255, 255, 127, 127, 127, 255])
  })
})

/** A WebP container with one chunk header and the first bytes of its body. */
const riff = (chunk: string, body: number[]) =>
  Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), Buffer.from(chunk, 'latin1'), Buffer.alloc(4), Buffer.from(body), Buffer.alloc(16)])

describe('readImageHeader', () => {
  it('reads PNG, baseline JPEG and the three WebP variants', () => {
    expect(readImageHeader(pngImage(7, 3))).toEqual({ type: 'png', width: 7, height: 3 })
    expect(readImageHeader(jpegImage(9, 5, { orientation: 6, secret: 'x' }))).toEqual({ type: 'jpeg', width: 9, height: 5 })
    expect(readImageHeader(WEBP_1X1)).toEqual({ type: 'webp', width: 1, height: 1 })
    // VP8L: 0x2f, then (width − 1) and (height − 1) in 14 bits each: 300 × 200.
    const bits = 299 | (199 << 14)
    expect(readImageHeader(riff('VP8L', [0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255]))).toEqual({ type: 'webp', width: 300, height: 200 })
    // VP8X: flags, 3 reserved bytes, then canvas (width − 1) and (height − 1) in 24 bits: 5000 × 4000.
    expect(readImageHeader(riff('VP8X', [0, 0, 0, 0, 0x87, 0x13, 0, 0x9f, 0x0f, 0]))).toEqual({ type: 'webp', width: 5000, height: 4000 })
  })

  it('never throws on junk, also after a valid signature', () => {
    const prefixes = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), Buffer.alloc(0)]
    for (let i = 0; i < 300; i++) {
      const bytes = Buffer.concat([prefixes[i % prefixes.length] ?? Buffer.alloc(0), randomBytes(i % 60)])
      expect(() => readImageHeader(bytes)).not.toThrow()
      expect(() => jpegOrientation(bytes)).not.toThrow()
    }
  })

  it('applies the pixel limits', () => {
    expect(withinPixelLimits({ type: 'png', width: 10_000, height: 4000 })).toBe(true)
    expect(withinPixelLimits({ type: 'png', width: 10_000, height: 4001 })).toBe(false)
    expect(withinPixelLimits({ type: 'png', width: 10_001, height: 1 })).toBe(false)
    expect(withinPixelLimits({ type: 'png', width: 0, height: 1 })).toBe(false)
  })
})

describe('jpegOrientation', () => {
  it('reads the EXIF tag, 1 when absent', () => {
    expect(jpegOrientation(jpegImage(4, 4, { orientation: 3, secret: 'x' }))).toBe(3)
    expect(jpegOrientation(jpegImage(4, 4))).toBe(1)
    expect(jpegOrientation(jpegImage(4, 4, { orientation: 9, secret: 'x' }))).toBe(1)
  })
})
