// Builds PNGs byte by byte in every form the format allows (bit depths 1 to 16, grey, RGB, palette,
// alpha, tRNS, Adam7 interlacing, all five row filters), which pngjs's writer cannot, for the
// decoder tests (upload-decoders.test.ts).
import { crc32, deflateSync } from 'node:zlib'

export interface PngSpec {
  width: number
  height: number
  depth: number
  colorType: number
  interlaced?: boolean
  /** RGB entries (colour type 3). */
  palette?: number[][]
  /** Palette alphas (type 3), or the transparent grey / RGB value (types 0 and 2). */
  transparency?: number[]
  /** Sample `channel` of pixel (x, y), at the image's bit depth. */
  sample: (x: number, y: number, channel: number) => number
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0)
  return Buffer.concat([head, data, crc])
}

const u16 = (value: number): Buffer => {
  const bytes = Buffer.alloc(2)
  bytes.writeUInt16BE(value, 0)
  return bytes
}

function predictor(filter: number, left: number, up: number, upLeft: number): number {
  if (filter === 1) return left
  if (filter === 2) return up
  if (filter === 3) return (left + up) >> 1
  if (filter === 4) {
    const p = left + up - upLeft
    const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)]
    return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
  }
  return 0
}

/** The rows of one pass, each filtered with filter (y mod 5), as they go into IDAT. */
function passRows(spec: PngSpec, pass: { x0: number; y0: number; dx: number; dy: number; width: number; height: number }): Buffer[] {
  const channels = CHANNELS[spec.colorType] ?? 1
  const bits = channels * spec.depth
  const bpp = Math.max(1, bits >> 3)
  const rowBytes = Math.ceil((pass.width * bits) / 8)
  const rows: Buffer[] = []
  let previous = Buffer.alloc(rowBytes)
  for (let py = 0; py < pass.height; py++) {
    const y = pass.y0 + py * pass.dy
    const raw = Buffer.alloc(rowBytes)
    for (let px = 0; px < pass.width; px++) {
      for (let c = 0; c < channels; c++) {
        const value = spec.sample(pass.x0 + px * pass.dx, y, c)
        const index = px * channels + c
        if (spec.depth === 16) raw.writeUInt16BE(value, index * 2)
        else if (spec.depth === 8) raw[index] = value
        else {
          const bit = index * spec.depth
          raw[bit >> 3] = (raw[bit >> 3] ?? 0) | (value << (8 - spec.depth - (bit & 7)))
        }
      }
    }
    const filter = y % 5
    const filtered = Buffer.alloc(rowBytes)
    for (let i = 0; i < rowBytes; i++) {
      const left = i >= bpp ? (raw[i - bpp] ?? 0) : 0
      const upLeft = i >= bpp ? (previous[i - bpp] ?? 0) : 0
      filtered[i] = ((raw[i] ?? 0) - predictor(filter, left, previous[i] ?? 0, upLeft)) & 255
    }
    rows.push(Buffer.from([filter]), filtered)
    previous = raw
  }
  return rows
}

export function buildPng(spec: PngSpec): Buffer {
  const passes = spec.interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => ({ x0, y0, dx, dy, width: Math.ceil((spec.width - x0) / dx), height: Math.ceil((spec.height - y0) / dy) }))
    : [{ x0: 0, y0: 0, dx: 1, dy: 1, width: spec.width, height: spec.height }]
  const data = passes.filter((pass) => pass.width > 0 && pass.height > 0).flatMap((pass) => passRows(spec, pass))
  const header = Buffer.alloc(13)
  header.writeUInt32BE(spec.width, 0)
  header.writeUInt32BE(spec.height, 4)
  header.set([spec.depth, spec.colorType, 0, 0, spec.interlaced ? 1 : 0], 8)
  const chunks = [chunk('IHDR', header)]
  if (spec.palette) chunks.push(chunk('PLTE', Buffer.from(spec.palette.flat())))
  if (spec.transparency) {
    chunks.push(chunk('tRNS', spec.colorType === 3 ? Buffer.from(spec.transparency) : Buffer.concat(spec.transparency.map(u16))))
  }
  chunks.push(chunk('IDAT', deflateSync(Buffer.concat(data))), chunk('IEND', Buffer.alloc(0)))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks])
}

/** A grey PNG of one flat colour: a few hundred KB however many pixels (the heavy uploads of the queue tests). */
export function flatPng(width: number, height: number, grey = 200): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8)
  // Every row: filter 0, then `width` equal bytes.
  const row = Buffer.alloc(width + 1, grey)
  row[0] = 0
  const rows = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}
