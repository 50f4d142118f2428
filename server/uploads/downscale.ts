// Downscale-on-decode: the decoders (png-decode.ts, jpeg-decode.ts) hand each row of pixels here as
// they produce it, and only the stored picture is ever held: its factor × factor blocks averaged,
// exactly as shrinkToFit (pixels.ts) averages a whole decoded image. So a 10000 × 4000 upload costs
// the 2500 × 1000 it becomes (10 MB) instead of its 160 MB of RGBA (and, in pngjs, twice that
// again in inflated and unfiltered rows): decoding memory no longer grows with the pixel count.
// An avatar keeps the centred square of the picture (square.ts), cut here too.
import { withinPixelSize } from './image-header.ts'
import { MAX_OUTPUT_SIDE, type Rgba } from './pixels.ts'

export interface Shape {
  /** The long side of the stored picture is brought under this. */
  maxSide: number
  /** Keep only the centred square (an avatar). */
  square: boolean
}

export const PROOF_SHAPE: Shape = { maxSide: MAX_OUTPUT_SIDE, square: false }

/** The part of a width × height source an output keeps, and the factor it is averaged down by. */
export interface Plan {
  left: number
  top: number
  factor: number
  width: number
  height: number
}

export function planFor(sourceWidth: number, sourceHeight: number, shape: Shape): Plan {
  const side = Math.min(sourceWidth, sourceHeight)
  const [left, top, width, height] = shape.square
    ? [Math.floor((sourceWidth - side) / 2), Math.floor((sourceHeight - side) / 2), side, side]
    : [0, 0, sourceWidth, sourceHeight]
  const factor = Math.max(1, Math.ceil(Math.max(width, height) / shape.maxSide))
  return { left, top, factor, width: Math.floor(width / factor), height: Math.floor(height / factor) }
}

/**
 * Takes full-size RGBA rows top to bottom (row()), or single pixels in any order (pixel(), for an
 * interlaced PNG), and averages them into the planned output.
 */
export class Downscaler {
  readonly plan: Plan
  private readonly output: Uint8Array
  /** Row mode: the sums of the output row being filled. */
  private readonly rowSums: Uint32Array
  /** Pixel mode: the sums of every output pixel, made on first use. */
  private pixelSums: Uint32Array | undefined

  constructor(sourceWidth: number, sourceHeight: number, shape: Shape) {
    // The header was checked before the job was queued; this is the size the decoder really found.
    if (!withinPixelSize(sourceWidth, sourceHeight)) throw new Error(`image of ${sourceWidth} × ${sourceHeight} px is over the limits`)
    this.plan = planFor(sourceWidth, sourceHeight, shape)
    this.output = new Uint8Array(this.plan.width * this.plan.height * 4)
    this.rowSums = new Uint32Array(this.plan.width * 4)
  }

  /** Source row `y` (rows must come in order; rows outside the plan are ignored). */
  row(y: number, rgba: Uint8Array): void {
    const { left, top, factor, width, height } = this.plan
    const band = Math.floor((y - top) / factor)
    if (y < top || band >= height) return
    const sums = this.rowSums
    let at = left * 4
    for (let x = 0; x < width; x++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let k = 0; k < factor; k++, at += 4) {
        r += rgba[at] ?? 0
        g += rgba[at + 1] ?? 0
        b += rgba[at + 2] ?? 0
        a += rgba[at + 3] ?? 0
      }
      const to = x * 4
      sums[to] = (sums[to] ?? 0) + r
      sums[to + 1] = (sums[to + 1] ?? 0) + g
      sums[to + 2] = (sums[to + 2] ?? 0) + b
      sums[to + 3] = (sums[to + 3] ?? 0) + a
    }
    if ((y - top) % factor !== factor - 1) return
    const area = factor * factor
    const out = band * width * 4
    for (let i = 0; i < width * 4; i++) this.output[out + i] = Math.round((sums[i] ?? 0) / area)
    sums.fill(0)
  }

  /** One source pixel, in any order. */
  pixel(x: number, y: number, r: number, g: number, b: number, a: number): void {
    const { left, top, factor, width, height } = this.plan
    const ox = Math.floor((x - left) / factor)
    const oy = Math.floor((y - top) / factor)
    if (x < left || y < top || ox >= width || oy >= height) return
    this.pixelSums ??= new Uint32Array(width * height * 4)
    const sums = this.pixelSums
    const at = (oy * width + ox) * 4
    sums[at] = (sums[at] ?? 0) + r
    sums[at + 1] = (sums[at + 1] ?? 0) + g
    sums[at + 2] = (sums[at + 2] ?? 0) + b
    sums[at + 3] = (sums[at + 3] ?? 0) + a
  }

  finish(): Rgba {
    const { factor, width, height } = this.plan
    const sums = this.pixelSums
    if (sums) {
      const area = factor * factor
      for (let i = 0; i < sums.length; i++) this.output[i] = Math.round((sums[i] ?? 0) / area)
    }
    return { width, height, data: this.output }
  }
}
