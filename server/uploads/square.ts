// The avatar's shape: the centred square of a picture (the middle of a portrait or a landscape is
// where the face usually is), brought to exactly side × side pixels. The decoders cut the square
// and average it down (downscale.ts, Shape.square); what is left is to hit the exact size.
import type { Rgba } from './pixels.ts'

/** Bilinear resampling of a square image to side × side (after averaging down, so no aliasing). */
export function resampleSquare(image: Rgba, side: number): Rgba {
  if (image.width === side && image.height === side) return image
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
