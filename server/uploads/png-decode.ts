// A PNG decoded as a stream of rows into the Downscaler (downscale.ts), so that it holds two rows
// and the stored picture, never the image: pngjs holds the inflated data, the unfiltered data and
// the RGBA (12 bytes a pixel: 480 MB for a 155 KB PNG of 10000 × 4000 px). Every PNG pngjs reads
// is read, with the same pixels: bit depths 1 to 16, grey, RGB, palette, with alpha or tRNS,
// interlaced or not (16-bit samples rounded to 8 bits as pngjs does, a tRNS colour made 0,0,0,0).
// CRCs are checked; bytes after IEND (what a polyglot hides there) are never looked at.
import { createInflate, crc32 } from 'node:zlib'
import { Downscaler, type Shape } from './downscale.ts'
import type { Rgba } from './pixels.ts'

interface Header {
  width: number
  height: number
  depth: number
  colorType: number
  interlaced: boolean
}

/** Channels per colour type, and the bit depths each allows. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }
const DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] }

/** Adam7: where each pass starts and how far apart its pixels are. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const

interface Chunks {
  header: Header
  /** RGBA per palette index. */
  palette: Uint8Array | undefined
  /** The transparent grey or RGB value, at the image's bit depth. */
  transparent: number[] | undefined
  compressed: Buffer[]
}

function fail(reason: string): never {
  throw new Error(`png: ${reason}`)
}

function readHeader(data: Buffer): Header {
  if (data.length !== 13) fail('bad IHDR')
  const header = {
    width: data.readUInt32BE(0),
    height: data.readUInt32BE(4),
    depth: data[8] ?? 0,
    colorType: data[9] ?? 0,
    interlaced: data[12] === 1,
  }
  if (!DEPTHS[header.colorType]?.includes(header.depth)) fail('unsupported colour type or depth')
  if (data[10] !== 0 || data[11] !== 0 || (data[12] ?? 0) > 1) fail('unsupported compression, filter or interlace method')
  if (header.width === 0 || header.height === 0) fail('empty image')
  return header
}

function readChunks(bytes: Buffer): Chunks {
  let header: Header | undefined
  let palette: Uint8Array | undefined
  let transparent: number[] | undefined
  const compressed: Buffer[] = []
  let at = 8
  for (;;) {
    if (at + 12 > bytes.length) fail('truncated')
    const length = bytes.readUInt32BE(at)
    const end = at + 12 + length
    if (length > 0x7fffffff || end > bytes.length) fail('truncated')
    const type = bytes.toString('latin1', at + 4, at + 8)
    if (crc32(bytes.subarray(at + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) fail(`bad CRC in ${type}`)
    const data = bytes.subarray(at + 8, end - 4)
    at = end
    if (header === undefined && type !== 'IHDR') fail('IHDR is not first')
    if (type === 'IHDR') header = readHeader(data)
    else if (type === 'PLTE') palette = readPalette(data)
    else if (type === 'tRNS') ({ palette, transparent } = readTransparency(data, header as Header, palette))
    else if (type === 'IDAT') compressed.push(data)
    else if (type === 'IEND') break
    // An unknown critical chunk (upper-case first letter) changes what the data means.
    else if (type.charCodeAt(0) < 0x61) fail(`unknown critical chunk ${type}`)
  }
  if (!header || compressed.length === 0) fail('no image data')
  if (header.colorType === 3 && !palette) fail('palette missing')
  return { header, palette, transparent, compressed }
}

function readPalette(data: Buffer): Uint8Array {
  if (data.length % 3 !== 0 || data.length > 256 * 3) fail('bad PLTE')
  const palette = new Uint8Array((data.length / 3) * 4)
  for (let i = 0; i < data.length / 3; i++) palette.set([data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0, 255], i * 4)
  return palette
}

function readTransparency(data: Buffer, header: Header, palette: Uint8Array | undefined): { palette: Uint8Array | undefined; transparent: number[] | undefined } {
  if (header.colorType === 3) {
    if (!palette) fail('tRNS before PLTE')
    if (data.length > palette.length / 4) fail('tRNS longer than the palette')
    for (let i = 0; i < data.length; i++) palette[i * 4 + 3] = data[i] ?? 255
    return { palette, transparent: undefined }
  }
  if (header.colorType === 0 && data.length >= 2) return { palette, transparent: [data.readUInt16BE(0)] }
  if (header.colorType === 2 && data.length >= 6) return { palette, transparent: [data.readUInt16BE(0), data.readUInt16BE(2), data.readUInt16BE(4)] }
  return { palette, transparent: undefined }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/** Undoes a row's filter in place; `prev` is the previous row of the pass, unfiltered (zeros first). */
function unfilter(filter: number, row: Uint8Array, prev: Uint8Array, bpp: number): void {
  const n = row.length
  if (filter === 0) return
  if (filter === 1) for (let i = bpp; i < n; i++) row[i] = ((row[i] ?? 0) + (row[i - bpp] ?? 0)) & 255
  else if (filter === 2) for (let i = 0; i < n; i++) row[i] = ((row[i] ?? 0) + (prev[i] ?? 0)) & 255
  else if (filter === 3) for (let i = 0; i < n; i++) row[i] = ((row[i] ?? 0) + (((i >= bpp ? (row[i - bpp] ?? 0) : 0) + (prev[i] ?? 0)) >> 1)) & 255
  else if (filter === 4) {
    for (let i = 0; i < n; i++) {
      const left = i >= bpp ? (row[i - bpp] ?? 0) : 0
      const upLeft = i >= bpp ? (prev[i - bpp] ?? 0) : 0
      row[i] = ((row[i] ?? 0) + paeth(left, prev[i] ?? 0, upLeft)) & 255
    }
  } else fail('bad filter type')
}

/** Any depth and colour type: as pngjs's bitmapper and normaliser do it, sample by sample. */
function anyRowToRgba(chunks: Chunks, row: Uint8Array, count: number, out: Uint8Array): void {
  const { depth, colorType } = chunks.header
  const channels = CHANNELS[colorType] ?? 1
  const max = 2 ** depth - 1
  const { transparent, palette } = chunks
  const sample = (index: number): number => {
    if (depth === 8) return row[index] ?? 0
    if (depth === 16) return ((row[index * 2] ?? 0) << 8) | (row[index * 2 + 1] ?? 0)
    const bit = index * depth
    return ((row[bit >> 3] ?? 0) >> (8 - depth - (bit & 7))) & max
  }
  const scale = (value: number): number => (depth === 8 ? value : Math.floor((value * 255) / max + 0.5))
  for (let x = 0; x < count; x++) {
    const at = x * 4
    if (palette) {
      const index = sample(x) * 4
      if (index >= palette.length) fail('index not in palette')
      out.set(palette.subarray(index, index + 4), at)
      continue
    }
    const first = x * channels
    const v0 = sample(first)
    const v1 = channels > 2 ? sample(first + 1) : v0
    const v2 = channels > 2 ? sample(first + 2) : v0
    const alpha = channels === 2 || channels === 4 ? sample(first + channels - 1) : max
    const clear = transparent !== undefined && (transparent.length === 1 ? transparent[0] === v0 : transparent[0] === v0 && transparent[1] === v1 && transparent[2] === v2)
    out[at] = clear ? 0 : scale(v0)
    out[at + 1] = clear ? 0 : scale(v1)
    out[at + 2] = clear ? 0 : scale(v2)
    out[at + 3] = clear ? 0 : scale(alpha)
  }
}

/** One unfiltered row of `count` pixels as RGBA; 8-bit rows without a tRNS colour (nearly all PNGs) take a quick path. */
function rowToRgba(chunks: Chunks, row: Uint8Array, count: number, out: Uint8Array): Uint8Array {
  const { depth, colorType } = chunks.header
  if (depth !== 8) {
    anyRowToRgba(chunks, row, count, out)
    return out
  }
  // Already RGBA: handed on as it is.
  if (colorType === 6) return row
  if (colorType === 2 && !chunks.transparent) {
    for (let x = 0, from = 0, to = 0; x < count; x++, from += 3, to += 4) {
      out[to] = row[from] ?? 0
      out[to + 1] = row[from + 1] ?? 0
      out[to + 2] = row[from + 2] ?? 0
      out[to + 3] = 255
    }
    return out
  }
  if ((colorType === 0 && !chunks.transparent) || colorType === 4) {
    const step = colorType === 4 ? 2 : 1
    for (let x = 0, from = 0, to = 0; x < count; x++, from += step, to += 4) {
      const grey = row[from] ?? 0
      out[to] = grey
      out[to + 1] = grey
      out[to + 2] = grey
      out[to + 3] = step === 2 ? (row[from + 1] ?? 0) : 255
    }
    return out
  }
  const palette = chunks.palette
  if (colorType === 3 && palette) {
    for (let x = 0; x < count; x++) {
      const index = (row[x] ?? 0) * 4
      if (index >= palette.length) fail('index not in palette')
      out[x * 4] = palette[index] ?? 0
      out[x * 4 + 1] = palette[index + 1] ?? 0
      out[x * 4 + 2] = palette[index + 2] ?? 0
      out[x * 4 + 3] = palette[index + 3] ?? 0
    }
    return out
  }
  anyRowToRgba(chunks, row, count, out)
  return out
}

interface Pass {
  x0: number
  y0: number
  dx: number
  dy: number
  width: number
  height: number
}

function passesOf({ width, height, interlaced }: Header): Pass[] {
  if (!interlaced) return [{ x0: 0, y0: 0, dx: 1, dy: 1, width, height }]
  return ADAM7.map(([x0, y0, dx, dy]) => ({ x0, y0, dx, dy, width: Math.ceil((width - x0) / dx), height: Math.ceil((height - y0) / dy) })).filter(
    (pass) => pass.width > 0 && pass.height > 0,
  )
}

/** The PNG's pixels averaged into `shape` (downscale.ts). Throws on anything that is not a readable PNG. */
export async function decodePngScaled(bytes: Buffer, shape: Shape): Promise<Rgba> {
  const chunks = readChunks(bytes)
  const { header } = chunks
  const bitsPerPixel = (CHANNELS[header.colorType] ?? 1) * header.depth
  const bpp = Math.max(1, bitsPerPixel >> 3)
  const sink = new Downscaler(header.width, header.height, shape)
  const passes = passesOf(header)
  const rgba = new Uint8Array(header.width * 4)

  let passIndex = 0
  let rowInPass = 0
  let pass = passes[0] as Pass
  // Each row is its filter byte and its bytes; the previous row (zeros at a pass's start) is kept.
  const rowLength = (of: Pass): number => Math.ceil((of.width * bitsPerPixel) / 8) + 1
  let current = new Uint8Array(rowLength(pass))
  let previous = new Uint8Array(rowLength(pass))
  let filled = 0

  const emitRow = (): void => {
    const row = current.subarray(1)
    unfilter(current[0] ?? 0, row, previous.subarray(1), bpp)
    const pixels = rowToRgba(chunks, row, pass.width, rgba)
    const y = pass.y0 + rowInPass * pass.dy
    if (!header.interlaced) sink.row(y, pixels)
    else for (let x = 0; x < pass.width; x++) sink.pixel(pass.x0 + x * pass.dx, y, pixels[x * 4] ?? 0, pixels[x * 4 + 1] ?? 0, pixels[x * 4 + 2] ?? 0, pixels[x * 4 + 3] ?? 0)
    ;[previous, current] = [current, previous]
    filled = 0
    rowInPass++
    if (rowInPass < pass.height) return
    passIndex++
    rowInPass = 0
    if (passIndex === passes.length) return
    pass = passes[passIndex] as Pass
    current = new Uint8Array(rowLength(pass))
    previous = new Uint8Array(rowLength(pass))
  }

  const inflate = createInflate({ chunkSize: 256 * 1024 })
  inflate.end(Buffer.concat(chunks.compressed))
  // Pulled chunk by chunk: the inflated image never exists whole. Data past the last row is ignored.
  for await (const chunk of inflate as AsyncIterable<Buffer>) {
    let at = 0
    while (at < chunk.length && passIndex < passes.length) {
      const take = Math.min(chunk.length - at, current.length - filled)
      current.set(chunk.subarray(at, at + take), filled)
      filled += take
      at += take
      if (filled === current.length) emitRow()
    }
    if (passIndex === passes.length) break
  }
  if (passIndex < passes.length) fail('image data cut short')
  return sink.finish()
}
