// The decoders that average uploads down while decoding (server/uploads/png-decode.ts,
// jpeg-decode.ts, downscale.ts) give the very pixels the libraries used before gave (pngjs,
// jpeg-js), in every form the formats allow; averaged down, exactly what shrinkToFit made of the
// whole image; and on damaged or hostile bytes they throw, never hang.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { Downscaler, planFor, PROOF_SHAPE, type Shape } from '../../server/uploads/downscale.ts'
import { MAX_WEBP_PIXELS, withinWebpLimit } from '../../server/uploads/image-header.ts'
import { decodeJpegScaled } from '../../server/uploads/jpeg-decode.ts'
import { type Rgba, shrinkToFit } from '../../server/uploads/pixels.ts'
import { decodePngScaled } from '../../server/uploads/png-decode.ts'
import { jpegImage, pngImage } from './deposit-support.ts'
import { buildPng } from './png-builder.ts'

/** No averaging: the decoder's pixels as they are. */
const WHOLE: Shape = { maxSide: 100_000, square: false }
const FIXTURES = join(import.meta.dirname, 'fixtures', 'jpeg')

const jpegJs = (bytes: Buffer) => jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true })

const hash = (x: number, y: number, c: number): number => ((x * 73_856_093) ^ (y * 19_349_663) ^ (c * 83_492_791)) >>> 0

describe('PNG', () => {
  const colourTypes: Array<[number, number[]]> = [
    [0, [1, 2, 4, 8, 16]],
    [2, [8, 16]],
    [3, [1, 2, 4, 8]],
    [4, [8, 16]],
    [6, [8, 16]],
  ]
  const cases = colourTypes.flatMap(([colorType, depths]) =>
    depths.flatMap((depth) => [false, true].flatMap((interlaced) => [false, true].map((transparent) => ({ colorType, depth, interlaced, transparent })))),
  ).filter(({ colorType, transparent }) => !transparent || colorType < 4)

  it.each(cases)('colour type $colorType, $depth bits, interlaced $interlaced, tRNS $transparent: the pixels pngjs gives', async ({ colorType, depth, interlaced, transparent }) => {
    const levels = 2 ** depth
    for (const [width, height] of [[1, 1], [7, 5], [33, 17]] as const) {
      const bytes = buildPng({
        width,
        height,
        depth,
        colorType,
        interlaced,
        palette: colorType === 3 ? Array.from({ length: levels }, (_, i) => [(i * 7) & 255, (i * 13) & 255, (i * 29) & 255]) : undefined,
        // Pixel (1, 1) is 3 in every channel: the transparent colour of types 0 and 2.
        transparency: !transparent ? undefined : colorType === 3 ? [0, 128, 255].slice(0, levels) : colorType === 0 ? [3] : [3, 3, 3],
        sample: (x, y, c) => (x === 1 && y === 1 && colorType !== 3 ? 3 : hash(x, y, colorType === 3 ? 0 : c) % levels),
      })
      const decoded = await decodePngScaled(bytes, WHOLE)
      expect([decoded.width, decoded.height]).toEqual([width, height])
      // pngjs cannot read 1-bit palette images ("unrecognised content at end of stream").
      if (colorType === 3 && depth === 1) continue
      expect(Buffer.from(decoded.data).equals(PNG.sync.read(bytes).data)).toBe(true)
    }
  })

  it('averaged down, is what shrinkToFit makes of the whole image; and its centred square', async () => {
    const bytes = pngImage(5200, 9)
    const whole = PNG.sync.read(bytes)
    const image: Rgba = { width: whole.width, height: whole.height, data: whole.data }
    expect(await decodePngScaled(bytes, PROOF_SHAPE)).toEqual(shrinkToFit(image))
    // The square of a 5200 × 9 picture is its middle 9 × 9, averaged 3 × 3 down to fit in 4.
    const square = await decodePngScaled(bytes, { maxSide: 4, square: true })
    const middle = new Uint8Array(9 * 9 * 4)
    for (let y = 0; y < 9; y++) middle.set(whole.data.subarray((y * 5200 + 2595) * 4, (y * 5200 + 2604) * 4), y * 9 * 4)
    expect(square).toEqual(shrinkToFit({ width: 9, height: 9, data: middle }, 4))
  })

  it('an interlaced PNG averaged down equals the same picture not interlaced', async () => {
    const spec = { width: 301, height: 77, depth: 8, colorType: 6, sample: (x: number, y: number, c: number) => hash(x, y, c) & 255 }
    const shape = { maxSide: 100, square: false }
    expect(await decodePngScaled(buildPng({ ...spec, interlaced: true }), shape)).toEqual(await decodePngScaled(buildPng(spec), shape))
  })

  it('refuses what is not a whole, valid PNG', async () => {
    const good = pngImage(20, 20)
    const badCrc = Buffer.from(good)
    badCrc[30] = (badCrc[30] ?? 0) ^ 1
    for (const bytes of [good.subarray(0, good.length - 20), badCrc, good.subarray(0, 40)]) await expect(decodePngScaled(bytes, WHOLE)).rejects.toThrow(/png/)
    // Bytes after IEND are never read.
    expect(await decodePngScaled(Buffer.concat([good, Buffer.from('<script>')]), WHOLE)).toEqual(await decodePngScaled(good, WHOLE))
  })
})

describe('JPEG', () => {
  const fixtures = ['subsampled-420.jpg', 'restart-intervals.jpg', 'progressive.jpg', 'grey.jpg']

  it.each(fixtures)('%s: the pixels jpeg-js gives', (name) => {
    const bytes = readFileSync(join(FIXTURES, name))
    const decoded = decodeJpegScaled(bytes, WHOLE)
    const expected = jpegJs(bytes)
    expect([decoded.width, decoded.height]).toEqual([expected.width, expected.height])
    expect(Buffer.from(decoded.data).equals(Buffer.from(expected.data))).toBe(true)
  })

  it("jpeg-js's own (baseline, 4:4:4) JPEGs, whole and averaged down", () => {
    const noisy = { width: 61, height: 37, data: Buffer.from(Array.from({ length: 61 * 37 * 4 }, (_, i) => hash(i, i >> 2, 0) & 255)) }
    const bytes = jpeg.encode(noisy, 80).data
    const expected = jpegJs(bytes)
    expect(Buffer.from(decodeJpegScaled(bytes, WHOLE).data).equals(Buffer.from(expected.data))).toBe(true)
    const image: Rgba = { width: expected.width, height: expected.height, data: expected.data }
    expect(decodeJpegScaled(bytes, { maxSide: 20, square: false })).toEqual(shrinkToFit(image, 20))
  })

  it('refuses a cut-short JPEG and one with a broken scan', () => {
    const good = jpegImage(32, 32)
    expect(() => decodeJpegScaled(good.subarray(0, 200), WHOLE)).toThrow(/jpeg/)
    expect(() => decodeJpegScaled(good.subarray(0, good.length - 40), WHOLE)).toThrow(/jpeg/)
  })
})

describe('damaged and hostile bytes', () => {
  it('every decoder throws or answers, quickly, on 600 damaged files', async () => {
    const sources = [pngImage(40, 30), buildPng({ width: 40, height: 30, depth: 2, colorType: 0, interlaced: true, sample: (x, y) => (x + y) & 3 }), ...['progressive.jpg', 'restart-intervals.jpg'].map((name) => readFileSync(join(FIXTURES, name)))]
    const started = performance.now()
    let seed = 1
    const random = (below: number): number => {
      seed = (seed * 48_271) % 2_147_483_647
      return seed % below
    }
    for (let i = 0; i < 600; i++) {
      const source = sources[i % sources.length] ?? Buffer.alloc(0)
      const bytes = Buffer.from(source)
      for (let k = 0; k < 1 + random(4); k++) bytes[random(bytes.length)] = random(256)
      const cut = random(3) === 0 ? bytes.subarray(0, random(bytes.length)) : bytes
      const decode = async (): Promise<unknown> => (source[0] === 0x89 ? decodePngScaled(cut, PROOF_SHAPE) : decodeJpegScaled(cut, PROOF_SHAPE))
      // A refusal (the decoders' own, or zlib's on broken data), never a slip of the code itself.
      await decode().catch((error: unknown) => {
        expect(error).toBeInstanceOf(Error)
        expect([TypeError, RangeError, SyntaxError].some((kind) => error instanceof kind), String(error)).toBe(false)
      })
    }
    expect(performance.now() - started).toBeLessThan(20_000)
  })

  it('a decoder refuses a size over the limits that its header check did not see', () => {
    expect(() => new Downscaler(10_001, 1, PROOF_SHAPE)).toThrow(/over the limits/)
    expect(() => new Downscaler(8000, 8000, PROOF_SHAPE)).toThrow(/over the limits/)
    expect(planFor(10_000, 4000, PROOF_SHAPE)).toEqual({ left: 0, top: 0, factor: 4, width: 2500, height: 1000 })
  })

  it('WebP, decoded whole, has its own lower cap', () => {
    expect(withinWebpLimit({ type: 'webp', width: 4000, height: 4000 })).toBe(true)
    expect(withinWebpLimit({ type: 'webp', width: 4001, height: 4000 })).toBe(false)
    expect(withinWebpLimit({ type: 'png', width: 8000, height: 5000 })).toBe(true)
    expect(MAX_WEBP_PIXELS).toBe(16_000_000)
  })
})
