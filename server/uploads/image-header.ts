// What an uploaded file really is, decided by its first bytes (never its name or declared type),
// and its pixel size read from the header, so that an image too big to decode safely is refused
// before any decoder allocates memory for it.

export type ImageType = 'png' | 'jpeg' | 'webp'

/** The request limit: larger uploads are cut off while streaming, never buffered whole. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
/**
 * Phones save 12 to 24 MP photos (their 48–200 MP modes make files far over 5 MB); a payment proof
 * needs far less. PNG and JPEG are decoded straight to the stored size (downscale.ts), so what a
 * decode holds does not grow with this: it bounds the CPU time (about a second at 40 MP).
 */
export const MAX_PIXELS = 40_000_000
export const MAX_SIDE = 10_000
/**
 * The WebP codec decodes whole images only: ~9.5 bytes a pixel (its RGBA, its own buffers and the
 * copy out), 380 MB at 40 MP for a 38-byte file. No camera writes WebP; screenshots and pictures
 * saved from the web are far under 16 MP (150 MB to decode).
 */
export const MAX_WEBP_PIXELS = 16_000_000

export interface ImageHeader {
  type: ImageType
  width: number
  height: number
}

const startsWith = (bytes: Buffer, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte)

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0))

function pngHeader(bytes: Buffer): ImageHeader | undefined {
  // The first chunk must be IHDR: width and height are its first two 32-bit fields.
  if (bytes.length < 24 || !startsWith(bytes, ascii('IHDR'), 12)) return undefined
  return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** Start-of-frame markers (baseline, progressive, lossless…), which carry the frame size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

function jpegHeader(bytes: Buffer): ImageHeader | undefined {
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined
    const marker = bytes[at + 1] ?? 0
    // Fill bytes and markers without a length (RSTn, TEM) are skipped one by one.
    if (marker === 0xff) {
      at += 1
      continue
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return undefined
    const length = bytes.readUInt16BE(at + 2)
    if (SOF.has(marker)) {
      if (at + 9 > bytes.length) return undefined
      return { type: 'jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) }
    }
    if (length < 2) return undefined
    at += 2 + length
  }
  return undefined
}

function webpHeader(bytes: Buffer): ImageHeader | undefined {
  if (bytes.length < 30) return undefined
  const chunk = bytes.toString('latin1', 12, 16)
  if (chunk === 'VP8X') {
    // Canvas width − 1 and height − 1, 24-bit little-endian each.
    return { type: 'webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 }
  }
  if (chunk === 'VP8 ' && startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) {
    return { type: 'webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
  }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21)
    return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  return undefined
}

/** The image's type and size, or undefined if the bytes are not a PNG, JPEG or WebP we can read. */
export function readImageHeader(bytes: Buffer): ImageHeader | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return pngHeader(bytes)
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegHeader(bytes)
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return webpHeader(bytes)
  return undefined
}

export const withinPixelSize = (width: number, height: number): boolean =>
  width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE && width * height <= MAX_PIXELS

export const withinPixelLimits = (header: ImageHeader): boolean => withinPixelSize(header.width, header.height)

/** A WebP within the general limits may still be over its own. */
export const withinWebpLimit = (header: ImageHeader): boolean => header.type !== 'webp' || header.width * header.height <= MAX_WEBP_PIXELS
