// A JPEG decoded into the Downscaler (downscale.ts) one row of MCUs at a time, so that what it
// holds is the stored picture and, for a progressive JPEG, the DCT coefficients (2 bytes a sample),
// never the image: jpeg-js, used before, held an object per 8 × 8 block, every line of every
// component, and the image twice over (40 bytes a pixel: a 670 KB JPEG of 24 MP took 1 GB).
//
// - Baseline JPEGs whose first scan carries every component (what cameras and phones write) are
//   streamed: each row of MCUs is transformed, coloured and averaged as soon as it is decoded, so
//   the memory is that of one MCU row, whatever the pixel count.
// - Progressive JPEGs (and the rare baseline ones with a scan per component) need every coefficient
//   before the first row: 2 bytes a sample (3 a pixel in 4:2:0, 6 in 4:4:4). At most MAX_SCANS scans.
//
// Markers, scans, the IDCT and the colour conversion follow jpeg-js (jpeg-scan.ts, jpeg-idct.ts), so
// every image decodes to the pixels it did before: 1 (grey), 3 (YCbCr) or 4 (Adobe CMYK/YCCK)
// components, 8-bit samples, any sampling factors, restart intervals. The EXIF turn is applied by
// the caller (reencode.ts), to the small picture.
import { Downscaler, type Shape } from './downscale.ts'
import { idctBlock } from './jpeg-idct.ts'
import { buildHuffmanTable, decodeScan, type HuffmanTable, type ScanComponent, ZIGZAG } from './jpeg-scan.ts'
import type { Rgba } from './pixels.ts'

/** Real progressive JPEGs have about ten; thousands of tiny scans would each walk every block. */
export const MAX_SCANS = 100

interface Component extends ScanComponent {
  id: number
  quantIndex: number
  quant: Int32Array | undefined
  /** One MCU row of samples, (blocksPerLine × 8) wide, (v × 8) high. */
  strip: Uint8Array
  stripWidth: number
}

interface Frame {
  progressive: boolean
  width: number
  height: number
  components: Component[]
  maxH: number
  maxV: number
  mcusPerLine: number
  mcusPerColumn: number
}

function fail(reason: string): never {
  throw new Error(`jpeg: ${reason}`)
}

function readFrame(data: Uint8Array, at: number, marker: number): Frame {
  const u16 = (offset: number): number => ((data[offset] ?? 0) << 8) | (data[offset + 1] ?? 0)
  if (data[at] !== 8) fail('only 8-bit samples are supported')
  const height = u16(at + 1)
  const width = u16(at + 3)
  const count = data[at + 5] ?? 0
  if (width === 0 || height === 0) fail('empty frame')
  if (count !== 1 && count !== 3 && count !== 4) fail('unsupported number of components')
  const parts: Array<{ id: number; h: number; v: number; quantIndex: number }> = []
  for (let i = 0; i < count; i++) {
    const sampling = data[at + 7 + i * 3] ?? 0
    const part = { id: data[at + 6 + i * 3] ?? 0, h: sampling >> 4, v: sampling & 15, quantIndex: data[at + 8 + i * 3] ?? 0 }
    if (part.h < 1 || part.h > 4 || part.v < 1 || part.v > 4) fail('invalid sampling factor')
    parts.push(part)
  }
  const maxH = Math.max(...parts.map((part) => part.h))
  const maxV = Math.max(...parts.map((part) => part.v))
  const mcusPerLine = Math.ceil(width / 8 / maxH)
  const mcusPerColumn = Math.ceil(height / 8 / maxV)
  const components = parts.map((part): Component => {
    const blocksPerLine = Math.ceil((Math.ceil(width / 8) * part.h) / maxH)
    return {
      ...part,
      blocksPerLine,
      blocksPerColumn: Math.ceil((Math.ceil(height / 8) * part.v) / maxV),
      mcuBlocksPerLine: mcusPerLine * part.h,
      mcuBlocksPerColumn: mcusPerColumn * part.v,
      storeRows: 0,
      coefficients: new Int16Array(0),
      dcTable: undefined,
      acTable: undefined,
      pred: 0,
      quant: undefined,
      strip: new Uint8Array(blocksPerLine * 8 * part.v * 8),
      stripWidth: blocksPerLine * 8,
    }
  })
  return { progressive: marker === 0xffc2, width, height, components, maxH, maxV, mcusPerLine, mcusPerColumn }
}

/** Gives every component its coefficient store: one MCU row (streaming) or all of them. */
function allocate(frame: Frame, streaming: boolean): void {
  for (const component of frame.components) {
    component.storeRows = streaming ? component.v : component.mcuBlocksPerColumn
    component.coefficients = new Int16Array(component.mcuBlocksPerLine * component.storeRows * 64)
  }
}

const clamp = (value: number): number => (value < 0 ? 0 : value > 255 ? 255 : value)

/** Per component, the column of its line each pixel of a row takes (nearest chroma sample, with jpeg-js's float ratios). */
function columnsOf(frame: Frame): Int32Array[] {
  return frame.components.map((component) => Int32Array.from({ length: frame.width }, (_, x) => 0 | (x * (component.h / frame.maxH))))
}

/** Scratch of one decode: a row of RGBA, the IDCT's work space, each component's columns. */
interface Scratch {
  rgba: Uint8Array
  work: Int32Array
  columns: Int32Array[]
}

/** Turns MCU row `mcuRow` into pixels: IDCT into each component's strip, then colour, row by row. */
function emitMcuRow(frame: Frame, mcuRow: number, adobeTransform: number | undefined, sink: Downscaler, scratch: Scratch): void {
  const { components, maxV, width } = frame
  const { rgba, work, columns } = scratch
  for (const component of components) {
    const quant = component.quant ?? fail('missing quantization table')
    for (let r = 0; r < component.v; r++) {
      const blockRow = mcuRow * component.v + r
      if (blockRow >= component.blocksPerColumn) break
      const storeRow = blockRow % component.storeRows
      for (let col = 0; col < component.blocksPerLine; col++) {
        const from = (storeRow * component.mcuBlocksPerLine + col) * 64
        idctBlock(component.coefficients, from, quant, component.strip, r * 8 * component.stripWidth + col * 8, component.stripWidth, work)
      }
    }
  }
  const first = mcuRow * 8 * maxV
  const last = Math.min(frame.height, first + 8 * maxV)
  const [c0, c1, c2, c3] = components as [Component, Component?, Component?, Component?]
  const [x0 = new Int32Array(0), x1 = x0, x2 = x0, x3 = x0] = columns
  const lineOf = (component: Component, y: number): Uint8Array => {
    const line = Math.max(0, (0 | (y * (component.v / maxV))) - mcuRow * 8 * component.v)
    return component.strip.subarray(line * component.stripWidth, (line + 1) * component.stripWidth)
  }
  for (let y = first; y < last; y++) {
    const l0 = lineOf(c0, y)
    if (!c1 || !c2) {
      for (let x = 0, to = 0; x < width; x++, to += 4) {
        const grey = l0[x0[x] ?? 0] ?? 0
        rgba[to] = grey
        rgba[to + 1] = grey
        rgba[to + 2] = grey
        rgba[to + 3] = 255
      }
    } else if (!c3) {
      const l1 = lineOf(c1, y)
      const l2 = lineOf(c2, y)
      for (let x = 0, to = 0; x < width; x++, to += 4) {
        const luma = l0[x0[x] ?? 0] ?? 0
        const cb = (l1[x1[x] ?? 0] ?? 0) - 128
        const cr = (l2[x2[x] ?? 0] ?? 0) - 128
        rgba[to] = clamp(luma + 1.402 * cr)
        rgba[to + 1] = clamp(luma - 0.3441363 * cb - 0.71413636 * cr)
        rgba[to + 2] = clamp(luma + 1.772 * cb)
        rgba[to + 3] = 255
      }
    } else {
      // CMYK (or YCCK when Adobe says so), through jpeg-js's two 8-bit steps.
      const l1 = lineOf(c1, y)
      const l2 = lineOf(c2, y)
      const l3 = lineOf(c3, y)
      for (let x = 0, to = 0; x < width; x++, to += 4) {
        const a = l0[x0[x] ?? 0] ?? 0
        const b = l1[x1[x] ?? 0] ?? 0
        const c = l2[x2[x] ?? 0] ?? 0
        const black = 255 - (l3[x3[x] ?? 0] ?? 0)
        const cyan = Math.trunc(adobeTransform ? clamp(a + 1.402 * (c - 128)) : 255 - a)
        const magenta = Math.trunc(adobeTransform ? clamp(a - 0.3441363 * (b - 128) - 0.71413636 * (c - 128)) : 255 - b)
        const yellow = Math.trunc(adobeTransform ? clamp(a + 1.772 * (b - 128)) : 255 - c)
        rgba[to] = 255 - clamp(cyan * (1 - black / 255) + black)
        rgba[to + 1] = 255 - clamp(magenta * (1 - black / 255) + black)
        rgba[to + 2] = 255 - clamp(yellow * (1 - black / 255) + black)
        rgba[to + 3] = 255
      }
    }
    sink.row(y, rgba)
  }
}

/** The JPEG's pixels averaged into `shape` (downscale.ts). Throws on anything that is not a readable JPEG. */
export function decodeJpegScaled(bytes: Uint8Array, shape: Shape): Rgba {
  const data = bytes
  const u16 = (offset: number): number => ((data[offset] ?? 0) << 8) | (data[offset + 1] ?? 0)
  if (u16(0) !== 0xffd8) fail('no SOI')
  const quantTables: Array<Int32Array | undefined> = []
  const dcTables: Array<HuffmanTable | undefined> = []
  const acTables: Array<HuffmanTable | undefined> = []
  let frame: Frame | undefined
  let adobe: number | undefined
  let resetInterval = 0
  let scans = 0
  let streamed = false
  /** Streaming: the next MCU row to become pixels. */
  let nextRow = 0
  let sink: Downscaler | undefined
  const scratch: Scratch = { rgba: new Uint8Array(0), work: new Int32Array(64), columns: [] }

  let at = 2
  for (;;) {
    if (at + 2 > data.length) fail('no EOI')
    const marker = u16(at)
    at += 2
    if (marker === 0xffd9) break
    // Fill bytes before a marker.
    if (marker === 0xffff) {
      if (data[at] !== 0xff) at--
      continue
    }
    if (marker < 0xff00) fail('marker expected')
    const length = u16(at)
    const segment = at + 2
    const end = at + length
    if (length < 2 || end > data.length) fail('segment cut short')
    if (marker === 0xffee && String.fromCharCode(...data.subarray(segment, segment + 6)) === 'Adobe\0') adobe = data[segment + 11] ?? 0
    else if (marker === 0xffdb) {
      for (let q = segment; q < end; ) {
        const spec = data[q++] ?? 0
        const table = new Int32Array(64)
        const wide = spec >> 4
        if (wide > 1) fail('bad quantization table')
        for (let j = 0; j < 64; j++, q += wide + 1) table[ZIGZAG[j] ?? 0] = wide ? u16(q) : (data[q] ?? 0)
        quantTables[spec & 15] = table
      }
    } else if (marker === 0xffc0 || marker === 0xffc1 || marker === 0xffc2) {
      if (frame) fail('more than one frame')
      frame = readFrame(data, segment, marker)
      sink = new Downscaler(frame.width, frame.height, shape)
      scratch.rgba = new Uint8Array(frame.width * 4)
      scratch.columns = columnsOf(frame)
    } else if (marker === 0xffc4) {
      for (let h = segment; h < end; ) {
        const spec = data[h] ?? 0
        const counts = data.subarray(h + 1, h + 17)
        const total = counts.reduce((sum, count) => sum + count, 0)
        const table = buildHuffmanTable(counts, data.subarray(h + 17, h + 17 + total))
        ;(spec >> 4 === 0 ? dcTables : acTables)[spec & 15] = table
        h += 17 + total
      }
    } else if (marker === 0xffdd) resetInterval = u16(segment)
    else if (marker === 0xffda) {
      if (!frame || !sink) fail('scan before frame')
      if (++scans > MAX_SCANS) fail('too many scans')
      const current = frame
      const selected: Component[] = []
      for (let i = 0; i < (data[segment] ?? 0); i++) {
        const component = current.components.find((candidate) => candidate.id === data[segment + 1 + i * 2]) ?? fail('scan names no component')
        const tables = data[segment + 2 + i * 2] ?? 0
        component.dcTable = dcTables[tables >> 4]
        component.acTable = acTables[tables & 15]
        selected.push(component)
      }
      const after = segment + 1 + selected.length * 2
      if (scans === 1) {
        if (current.components.length === 4 && adobe === undefined) fail('4 components without the Adobe marker')
        for (const component of current.components) component.quant = quantTables[component.quantIndex]
        // The whole image in this one scan: each MCU row can become pixels (and be forgotten) at once.
        const whole = !current.progressive && selected.length === current.components.length && current.components.every((component) => component.quant)
        streamed = whole && (current.components.length > 1 || (current.maxH === 1 && current.maxV === 1))
        allocate(current, streamed)
      }
      const target = sink
      const emit = (mcuRow: number): void => {
        emitMcuRow(current, mcuRow, adobe, target, scratch)
        for (const component of current.components) component.coefficients.fill(0)
        nextRow = mcuRow + 1
      }
      const onMcuRow = streamed && scans === 1 ? emit : undefined
      at = after + 3
      at += decodeScan(data, at, {
        components: selected,
        mcusPerLine: current.mcusPerLine,
        mcusPerColumn: current.mcusPerColumn,
        progressive: current.progressive,
        resetInterval,
        spectralStart: data[after] ?? 0,
        spectralEnd: data[after + 1] ?? 0,
        successivePrev: (data[after + 2] ?? 0) >> 4,
        successive: (data[after + 2] ?? 0) & 15,
        ...(onMcuRow ? { onMcuRow } : {}),
      })
      // A scan that ended early leaves its last rows at zero coefficients (grey), as in jpeg-js.
      if (onMcuRow) for (let mcuRow = nextRow; mcuRow < current.mcusPerColumn; mcuRow++) emit(mcuRow)
      continue
    }
    at = end
  }
  if (!frame || !sink || scans === 0) fail('no image')
  if (!streamed) {
    for (const component of frame.components) component.quant = quantTables[component.quantIndex]
    for (let mcuRow = 0; mcuRow < frame.mcusPerColumn; mcuRow++) emitMcuRow(frame, mcuRow, adobe, sink, scratch)
  }
  return sink.finish()
}
