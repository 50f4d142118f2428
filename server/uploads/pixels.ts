// The pixel work between decoding and re-encoding: JPEG has no transparency (flatten on white),
// a proof needs no more than MAX_OUTPUT_SIDE pixels (average down), and EXIF turns are applied.
// The decoders average down while they decode (downscale.ts); shrinkToFit is the same averaging
// of a whole image, the definition their tests hold them to.

export interface Rgba {
  width: number
  height: number
  /** 4 bytes per pixel, row after row. */
  data: Uint8Array
}

/** Long side of a stored proof: plenty to read a transaction id, a fraction of a 40 MP photo. */
export const MAX_OUTPUT_SIDE = 2560

export function flattenOnWhite(image: Rgba): Rgba {
  const data = new Uint8Array(image.data)
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3] ?? 255
    if (alpha === 255) continue
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(((data[i + c] ?? 0) * alpha + 255 * (255 - alpha)) / 255)
    data[i + 3] = 255
  }
  return { ...image, data }
}

/** Averages factor × factor blocks, with the factor that brings the long side under the limit. */
export function shrinkToFit(image: Rgba, maxSide = MAX_OUTPUT_SIDE): Rgba {
  const factor = Math.ceil(Math.max(image.width, image.height) / maxSide)
  if (factor <= 1) return image
  const width = Math.floor(image.width / factor)
  const height = Math.floor(image.height / factor)
  const data = new Uint8Array(width * height * 4)
  const area = factor * factor
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        let sum = 0
        for (let dy = 0; dy < factor; dy++) {
          const row = (y * factor + dy) * image.width
          for (let dx = 0; dx < factor; dx++) sum += image.data[(row + x * factor + dx) * 4 + c] ?? 0
        }
        data[(y * width + x) * 4 + c] = Math.round(sum / area)
      }
    }
  }
  return { width, height, data }
}

/** Source coordinates of a destination pixel for each EXIF orientation (W, H: source size). */
const SOURCE_OF: Record<number, (x: number, y: number, w: number, h: number) => [number, number]> = {
  2: (x, y, w) => [w - 1 - x, y],
  3: (x, y, w, h) => [w - 1 - x, h - 1 - y],
  4: (x, y, _w, h) => [x, h - 1 - y],
  5: (x, y) => [y, x],
  6: (x, y, _w, h) => [y, h - 1 - x],
  7: (x, y, w, h) => [w - 1 - y, h - 1 - x],
  8: (x, y, w) => [w - 1 - y, x],
}

export function applyOrientation(image: Rgba, orientation: number): Rgba {
  const source = SOURCE_OF[orientation]
  if (!source) return image
  const swap = orientation >= 5
  const width = swap ? image.height : image.width
  const height = swap ? image.width : image.height
  const data = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = source(x, y, image.width, image.height)
      const from = (sy * image.width + sx) * 4
      data.set(image.data.subarray(from, from + 4), (y * width + x) * 4)
    }
  }
  return { width, height, data }
}
