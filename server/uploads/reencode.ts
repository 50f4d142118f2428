// Decodes an upload to raw pixels and writes a brand-new JPEG from them. Nothing of the original
// file survives but its pixels: no EXIF (GPS, device), no comments, no ICC, and no bytes appended
// after the image (a "polyglot" PNG carrying HTML or script is reduced to its picture). Runs in a
// worker thread (reencode-worker.ts): decoding a big photo in pure JS takes seconds of CPU.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import decodeWebp, { init as initWebp } from '@jsquash/webp/decode.js'
import { jpegOrientation } from './exif-orientation.ts'
import { type ImageType, MAX_PIXELS } from './image-header.ts'
import { applyOrientation, flattenOnWhite, type Rgba, shrinkToFit } from './pixels.ts'
import { squareOf } from './square.ts'

export const JPEG_QUALITY = 85

let webpReady: Promise<void> | undefined

/**
 * The decoder's WebAssembly is compiled from the package's own file: its default would fetch a
 * URL. The JS of init() takes the compiled module as first argument; its .d.ts leaves that out.
 */
function loadWebp(): Promise<void> {
  const wasm = createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm')
  const init = initWebp as unknown as (module: WebAssembly.Module) => Promise<void>
  webpReady ??= init(new WebAssembly.Module(readFileSync(wasm)))
  return webpReady
}

/**
 * The PNG up to the end of its IEND chunk. Bytes after it are not part of the image (often they
 * are exactly what a polyglot hides there); pngjs refuses them, we simply leave them out.
 */
function pngWithoutTrailer(bytes: Buffer): Buffer {
  let at = 8
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at)
    const end = at + 12 + length
    if (bytes.toString('latin1', at + 4, at + 8) === 'IEND') return bytes.subarray(0, Math.min(end, bytes.length))
    at = end
  }
  return bytes
}

async function decode(bytes: Buffer, type: ImageType): Promise<Rgba> {
  if (type === 'png') {
    const png = PNG.sync.read(pngWithoutTrailer(bytes))
    return { width: png.width, height: png.height, data: png.data }
  }
  if (type === 'jpeg') {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 768,
    })
    return applyOrientation({ width: image.width, height: image.height, data: image.data }, jpegOrientation(bytes))
  }
  await loadWebp()
  const image = await decodeWebp(new Uint8Array(bytes).buffer)
  return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength) }
}

export interface Reencoded {
  jpeg: Buffer
  width: number
  height: number
}

/**
 * Throws if the bytes do not decode as the type their header claimed. With `square`, the picture
 * becomes its centred square at exactly that many pixels a side (an avatar).
 */
export async function reencodeAsJpeg(bytes: Buffer, type: ImageType, square?: number): Promise<Reencoded> {
  const decoded = await decode(bytes, type)
  const pixels = flattenOnWhite(square === undefined ? shrinkToFit(decoded) : squareOf(decoded, square))
  // A fresh object: handing the decoder's result to the encoder would copy its EXIF and comments.
  const encoded = jpeg.encode({ width: pixels.width, height: pixels.height, data: pixels.data }, JPEG_QUALITY)
  return { jpeg: encoded.data, width: pixels.width, height: pixels.height }
}
