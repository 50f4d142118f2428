// The entropy-coded part of a JPEG: Huffman tables and the decoding of one scan (baseline, or any of
// the four kinds of progressive scan) into the components' DCT coefficients. It follows jpeg-js's
// decodeScan (itself pdf.js's) rule for rule, including how it tolerates damage: bits past the end
// of the data read as zeros, a scan must end at a marker, a restart marker is looked for after every
// restart interval. The coefficients live in one Int16Array per component (jpeg-decode.ts), not in
// an object per block as in jpeg-js (40 bytes a pixel there, 2 a sample here).

/** Natural-order position of each zig-zag index. */
export const ZIGZAG = Int32Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50,
  43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
])

/** A canonical Huffman table: per code length, the largest code and where its values start. */
export interface HuffmanTable {
  maxCode: Int32Array
  offset: Int32Array
  values: Uint8Array
}

export function buildHuffmanTable(counts: Uint8Array, values: Uint8Array): HuffmanTable {
  const maxCode = new Int32Array(17).fill(-1)
  const offset = new Int32Array(17)
  let code = 0
  let k = 0
  for (let length = 1; length <= 16; length++) {
    const count = counts[length - 1] ?? 0
    offset[length] = k - code
    code += count
    k += count
    if (count > 0) maxCode[length] = code - 1
    if (code > 1 << length) throw new Error('jpeg: over-subscribed Huffman table')
    code <<= 1
  }
  if (k > values.length) throw new Error('jpeg: Huffman table short of values')
  return { maxCode, offset, values }
}

/** What a scan needs of a frame component (jpeg-decode.ts keeps the rest). */
export interface ScanComponent {
  h: number
  v: number
  /** The component's own blocks (a non-interleaved scan walks exactly these). */
  blocksPerLine: number
  blocksPerColumn: number
  /** The blocks of whole MCUs: per row, and rows. */
  mcuBlocksPerLine: number
  mcuBlocksPerColumn: number
  /** Block rows the coefficient store holds: all of them, or one MCU row's (a streaming decode). */
  storeRows: number
  coefficients: Int16Array
  dcTable: HuffmanTable | undefined
  acTable: HuffmanTable | undefined
  pred: number
}

export interface Scan {
  components: ScanComponent[]
  mcusPerLine: number
  mcusPerColumn: number
  progressive: boolean
  resetInterval: number
  spectralStart: number
  spectralEnd: number
  successivePrev: number
  successive: number
  /** Interleaved scans: called after each row of MCUs (a streaming decode emits and clears it). */
  onMcuRow?: (mcuRow: number) => void
}

/** Decodes the scan starting at `start`; answers where the data after it (a marker) begins. */
export function decodeScan(data: Uint8Array, start: number, scan: Scan): number {
  let offset = start
  let bitsData = 0
  let bitsCount = 0
  const { spectralStart, spectralEnd, successive } = scan

  const readBit = (): number => {
    if (bitsCount > 0) {
      bitsCount--
      return (bitsData >> bitsCount) & 1
    }
    // Past the end, jpeg-js reads zeros; so does this.
    bitsData = data[offset++] ?? 0
    if (bitsData === 0xff) {
      const next = data[offset++]
      if (next) throw new Error(`jpeg: unexpected marker ${((bitsData << 8) | next).toString(16)}`)
    }
    bitsCount = 7
    return bitsData >>> 7
  }
  const decodeHuffman = (table: HuffmanTable | undefined): number => {
    if (!table) throw new Error('jpeg: missing Huffman table')
    let code = 0
    for (let length = 1; length <= 16; length++) {
      code = (code << 1) | readBit()
      if (code <= (table.maxCode[length] ?? -1)) return table.values[(table.offset[length] ?? 0) + code] ?? 0
    }
    throw new Error('jpeg: invalid Huffman sequence')
  }
  const receive = (length: number): number => {
    let n = 0
    for (let i = 0; i < length; i++) n = (n << 1) | readBit()
    return n
  }
  const receiveAndExtend = (length: number): number => {
    const n = receive(length)
    return n >= 1 << (length - 1) ? n : n + (-1 << length) + 1
  }

  const decodeBaseline = (component: ScanComponent, zz: Int16Array, at: number): void => {
    const t = decodeHuffman(component.dcTable)
    const diff = t === 0 ? 0 : receiveAndExtend(t)
    component.pred += diff
    zz[at] = component.pred
    let k = 1
    while (k < 64) {
      const rs = decodeHuffman(component.acTable)
      const s = rs & 15
      const r = rs >> 4
      if (s === 0) {
        if (r < 15) break
        k += 16
        continue
      }
      k += r
      zz[at + (ZIGZAG[k] ?? 0)] = receiveAndExtend(s)
      k++
    }
  }
  const decodeDCFirst = (component: ScanComponent, zz: Int16Array, at: number): void => {
    const t = decodeHuffman(component.dcTable)
    const diff = t === 0 ? 0 : receiveAndExtend(t) << successive
    component.pred += diff
    zz[at] = component.pred
  }
  const decodeDCSuccessive = (_component: ScanComponent, zz: Int16Array, at: number): void => {
    zz[at] = (zz[at] ?? 0) | (readBit() << successive)
  }
  let eobrun = 0
  const decodeACFirst = (component: ScanComponent, zz: Int16Array, at: number): void => {
    if (eobrun > 0) {
      eobrun--
      return
    }
    let k = spectralStart
    while (k <= spectralEnd) {
      const rs = decodeHuffman(component.acTable)
      const s = rs & 15
      const r = rs >> 4
      if (s === 0) {
        if (r < 15) {
          eobrun = receive(r) + (1 << r) - 1
          break
        }
        k += 16
        continue
      }
      k += r
      zz[at + (ZIGZAG[k] ?? 0)] = receiveAndExtend(s) * (1 << successive)
      k++
    }
  }
  let state = 0
  let nextValue = 0
  const decodeACSuccessive = (component: ScanComponent, zz: Int16Array, at: number): void => {
    let k = spectralStart
    let r = 0
    while (k <= spectralEnd) {
      const z = at + (ZIGZAG[k] ?? 0)
      const value = zz[z] ?? 0
      const direction = value < 0 ? -1 : 1
      if (state === 0) {
        const rs = decodeHuffman(component.acTable)
        const s = rs & 15
        r = rs >> 4
        if (s === 0) {
          if (r < 15) {
            eobrun = receive(r) + (1 << r)
            state = 4
          } else {
            r = 16
            state = 1
          }
        } else {
          if (s !== 1) throw new Error('jpeg: invalid ACn encoding')
          nextValue = receiveAndExtend(s)
          state = r ? 2 : 3
        }
        continue
      }
      if (state === 1 || state === 2) {
        if (value) zz[z] = value + (readBit() << successive) * direction
        else {
          r--
          if (r === 0) state = state === 2 ? 3 : 0
        }
      } else if (state === 3) {
        if (value) zz[z] = value + (readBit() << successive) * direction
        else {
          zz[z] = nextValue << successive
          state = 0
        }
      } else if (value) zz[z] = value + (readBit() << successive) * direction
      k++
    }
    if (state === 4) {
      eobrun--
      if (eobrun === 0) state = 0
    }
  }

  const decode = !scan.progressive
    ? decodeBaseline
    : spectralStart === 0
      ? scan.successivePrev === 0
        ? decodeDCFirst
        : decodeDCSuccessive
      : scan.successivePrev === 0
        ? decodeACFirst
        : decodeACSuccessive

  const blockAt = (component: ScanComponent, blockRow: number, blockCol: number): void => {
    // A block past the last (a restart interval overrunning a non-interleaved scan) reads nothing.
    if (blockRow >= component.mcuBlocksPerColumn) return
    const row = blockRow % component.storeRows
    decode(component, component.coefficients, (row * component.mcuBlocksPerLine + blockCol) * 64)
  }

  const { components, mcusPerLine } = scan
  const single = components.length === 1
  const only = components[0] as ScanComponent
  const mcuExpected = single ? only.blocksPerLine * only.blocksPerColumn : mcusPerLine * scan.mcusPerColumn
  const interval = scan.resetInterval || mcuExpected
  let mcu = 0
  while (mcu < mcuExpected) {
    for (const component of components) component.pred = 0
    eobrun = 0
    if (single) {
      // One block is one MCU; a row of them ends a row of MCUs for a streaming decode.
      for (let n = 0; n < interval; n++, mcu++) {
        const blockRow = Math.floor(mcu / only.blocksPerLine)
        blockAt(only, blockRow, mcu % only.blocksPerLine)
        if (mcu < mcuExpected && (mcu + 1) % only.blocksPerLine === 0) scan.onMcuRow?.(blockRow)
      }
    } else {
      for (let n = 0; n < interval; n++) {
        const mcuRow = Math.floor(mcu / mcusPerLine)
        const mcuCol = mcu % mcusPerLine
        for (const component of components) {
          for (let j = 0; j < component.v; j++) {
            for (let k = 0; k < component.h; k++) blockAt(component, mcuRow * component.v + j, mcuCol * component.h + k)
          }
        }
        mcu++
        if (mcu % mcusPerLine === 0) scan.onMcuRow?.(mcuRow)
        if (mcu === mcuExpected) break
      }
    }
    if (mcu >= mcuExpected) {
      // Trailing bytes of the scan are skipped up to the next marker.
      do {
        if (data[offset] === 0xff && data[offset + 1] !== 0x00) break
        offset++
      } while (offset < data.length - 2)
    }
    bitsCount = 0
    const marker = ((data[offset] ?? 0) << 8) | (data[offset + 1] ?? 0)
    if (marker < 0xff00) throw new Error('jpeg: marker was not found')
    if (marker >= 0xffd0 && marker <= 0xffd7) offset += 2
    else break
  }
  return offset - start
}
