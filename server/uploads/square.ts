// The avatar's shape: the centred square of a picture (the middle of a portrait or a landscape is
// where the face usually is), brought to exactly side × side pixels.
import { type Rgba, shrinkToFit } from './pixels.ts'

export function cropSquare(image: Rgba): Rgba {
  const side = Math.min(image.width, image.height)
  const left = Math.floor((image.width - side) / 2)
  const top = Math.floor((image.height - side) / 2)
  const data = new Uint8Array(side * side * 4)
  for (let y = 0; y < side; y++) {
    const from = ((top + y) * image.width + left) * 4
    data.set(image.data.subarray(from, from + side * 4), y * side * 4)
  }
  return { width: side, height: side, data }
}

/** Bilinear resampling of a square image to side × side (after averaging down, so no aliasing). */
function resample(image: Rgba, side: number): Rgba {
  const data = new Uint8Array(side * side * 4)
  const scale = image.width / side
  const at = (x: number, y: number, c: number): number => image.data[(y * image.width + x) * 4 + c] ?? 0
  for (let y = 0; y < side; y++) {
    const sy = Math.min(Math.max((y + 0.5) * scale - 0.5, 0), image.height - 1)
    const y0 = Math.floor(sy)
    const y1 = Math.min(y0 + 1, image.height - 1)
    const fy = sy - y0
    for (let x = 0; x < side; x++) {
      const sx = Math.min(Math.max((x + 0.5) * scale - 0.5, 0), image.width - 1)
      const x0 = Math.floor(sx)
      const x1 = Math.min(x0 + 1, image.width - 1)
      const fx = sx - x0
      for (let c = 0; c < 4; c++) {
        const top = at(x0, y0, c) * (1 - fx) + at(x1, y0, c) * fx
        const bottom = at(x0, y1, c) * (1 - fx) + at(x1, y1, c) * fx
        data[(y * side + x) * 4 + c] = Math.round(top * (1 - fy) + bottom * fy)
      }
    }
  }
  return { width: side, height: side, data }
}

/** The centred square of the image at exactly side × side pixels. */
export function squareOf(image: Rgba, side: number): Rgba {
  const square = shrinkToFit(cropSquare(image), side)
  return square.width === side ? square : resample(square, side)
}
