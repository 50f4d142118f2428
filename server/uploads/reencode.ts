// Decodes an upload to raw pixels and writes a brand-new JPEG from them. Nothing of the original
// file survives but its pixels: no EXIF (GPS, device), no comments, no ICC, and no bytes appended
// after the image (a "polyglot" PNG carrying HTML or script is reduced to its picture). Runs in a
// worker thread (reencode-worker.ts): decoding a big photo in pure JS takes a second of CPU.
// PNG and JPEG are decoded straight into the size that is stored (downscale.ts), so a decode holds
// that picture, not the upload's full pixels; WebP's codec only decodes whole (hence its lower
// pixel cap, image-header.ts), and is then averaged down the same way.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import jpeg from 'jpeg-js'
import decodeWebp, { init as initWebp } from '@jsquash/webp/decode.js'
import { Downscaler, PROOF_SHAPE, type Shape } from './downscale.ts'
import { jpegOrientation } from './exif-orientation.ts'
import type { ImageType } from './image-header.ts'
import { decodeJpegScaled } from './jpeg-decode.ts'
import { applyOrientation, flattenOnWhite, type Rgba } from './pixels.ts'
import { decodePngScaled } from './png-decode.ts'
import { resampleSquare } from './square.ts'

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

async function decodeWebpScaled(bytes: Buffer, shape: Shape): Promise<Rgba> {
  await loadWebp()
  const image = await decodeWebp(new Uint8Array(bytes).buffer)
  const sink = new Downscaler(image.width, image.height, shape)
  const rowBytes = image.width * 4
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength)
  for (let y = 0; y < image.height; y++) sink.row(y, data.subarray(y * rowBytes, (y + 1) * rowBytes))
  return sink.finish()
}

/** The upload's pixels, upright, in the stored shape. */
async function decodeScaled(bytes: Buffer, type: ImageType, shape: Shape): Promise<Rgba> {
  if (type === 'png') return decodePngScaled(bytes, shape)
  // The turn is applied to the small picture: averaging blocks does not care which way is up.
  if (type === 'jpeg') return applyOrientation(decodeJpegScaled(bytes, shape), jpegOrientation(bytes))
  return decodeWebpScaled(bytes, shape)
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
  const shape: Shape = square === undefined ? PROOF_SHAPE : { maxSide: square, square: true }
  const decoded = await decodeScaled(bytes, type, shape)
  const pixels = flattenOnWhite(square === undefined ? decoded : resampleSquare(decoded, square))
  // A fresh object: handing the decoder's result to the encoder would copy its EXIF and comments.
  const encoded = jpeg.encode({ width: pixels.width, height: pixels.height, data: pixels.data }, JPEG_QUALITY)
  return { jpeg: encoded.data, width: pixels.width, height: pixels.height }
}
