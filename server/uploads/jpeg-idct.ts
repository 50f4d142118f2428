// The inverse DCT of one 8 × 8 JPEG block, in integers: the algorithm of Loeffler, Ligtenberg and
// Moschytz ("Practical fast 1-D DCT algorithms with 11 multiplications", 1989) as jpeg-js and
// pdf.js implement it, step for step, so that a picture decodes to the very pixels it did when
// jpeg-js decoded the uploads (jpeg-decode.ts).

const COS1 = 4017 // cos(pi/16) << 12
const SIN1 = 799
const COS3 = 3406
const SIN3 = 2276
const COS6 = 1567
const SIN6 = 3784
const SQRT2 = 5793
const SQRT1D2 = 2896

/**
 * Dequantizes the 64 coefficients at `from` (natural order) with `quant`, transforms them, and
 * writes the 8 × 8 samples (0–255) to `out` from `to`, rows `stride` apart. `work`: scratch of 64.
 */
export function idctBlock(coefficients: Int16Array, from: number, quant: Int32Array, out: Uint8Array, to: number, stride: number, work: Int32Array): void {
  const p = work
  for (let i = 0; i < 64; i++) p[i] = (coefficients[from + i] ?? 0) * (quant[i] ?? 0)
  const at = (i: number): number => p[i] ?? 0

  for (let row = 0; row < 64; row += 8) {
    if (at(row + 1) === 0 && at(row + 2) === 0 && at(row + 3) === 0 && at(row + 4) === 0 && at(row + 5) === 0 && at(row + 6) === 0 && at(row + 7) === 0) {
      p.fill((SQRT2 * at(row) + 512) >> 10, row, row + 8)
      continue
    }
    let v0 = (SQRT2 * at(row) + 128) >> 8
    let v1 = (SQRT2 * at(row + 4) + 128) >> 8
    let v2 = at(row + 2)
    let v3 = at(row + 6)
    let v4 = (SQRT1D2 * (at(row + 1) - at(row + 7)) + 128) >> 8
    let v7 = (SQRT1D2 * (at(row + 1) + at(row + 7)) + 128) >> 8
    let v5 = at(row + 3) << 4
    let v6 = at(row + 5) << 4
    let t = (v0 - v1 + 1) >> 1
    v0 = (v0 + v1 + 1) >> 1
    v1 = t
    t = (v2 * SIN6 + v3 * COS6 + 128) >> 8
    v2 = (v2 * COS6 - v3 * SIN6 + 128) >> 8
    v3 = t
    t = (v4 - v6 + 1) >> 1
    v4 = (v4 + v6 + 1) >> 1
    v6 = t
    t = (v7 + v5 + 1) >> 1
    v5 = (v7 - v5 + 1) >> 1
    v7 = t
    t = (v0 - v3 + 1) >> 1
    v0 = (v0 + v3 + 1) >> 1
    v3 = t
    t = (v1 - v2 + 1) >> 1
    v1 = (v1 + v2 + 1) >> 1
    v2 = t
    t = (v4 * SIN3 + v7 * COS3 + 2048) >> 12
    v4 = (v4 * COS3 - v7 * SIN3 + 2048) >> 12
    v7 = t
    t = (v5 * SIN1 + v6 * COS1 + 2048) >> 12
    v5 = (v5 * COS1 - v6 * SIN1 + 2048) >> 12
    v6 = t
    p[row] = v0 + v7
    p[row + 7] = v0 - v7
    p[row + 1] = v1 + v6
    p[row + 6] = v1 - v6
    p[row + 2] = v2 + v5
    p[row + 5] = v2 - v5
    p[row + 3] = v3 + v4
    p[row + 4] = v3 - v4
  }

  for (let col = 0; col < 8; col++) {
    if (at(8 + col) === 0 && at(16 + col) === 0 && at(24 + col) === 0 && at(32 + col) === 0 && at(40 + col) === 0 && at(48 + col) === 0 && at(56 + col) === 0) {
      const t = (SQRT2 * at(col) + 8192) >> 14
      for (let k = col; k < 64; k += 8) p[k] = t
      continue
    }
    let v0 = (SQRT2 * at(col) + 2048) >> 12
    let v1 = (SQRT2 * at(32 + col) + 2048) >> 12
    let v2 = at(16 + col)
    let v3 = at(48 + col)
    let v4 = (SQRT1D2 * (at(8 + col) - at(56 + col)) + 2048) >> 12
    let v7 = (SQRT1D2 * (at(8 + col) + at(56 + col)) + 2048) >> 12
    let v5 = at(24 + col)
    let v6 = at(40 + col)
    let t = (v0 - v1 + 1) >> 1
    v0 = (v0 + v1 + 1) >> 1
    v1 = t
    t = (v2 * SIN6 + v3 * COS6 + 2048) >> 12
    v2 = (v2 * COS6 - v3 * SIN6 + 2048) >> 12
    v3 = t
    t = (v4 - v6 + 1) >> 1
    v4 = (v4 + v6 + 1) >> 1
    v6 = t
    t = (v7 + v5 + 1) >> 1
    v5 = (v7 - v5 + 1) >> 1
    v7 = t
    t = (v0 - v3 + 1) >> 1
    v0 = (v0 + v3 + 1) >> 1
    v3 = t
    t = (v1 - v2 + 1) >> 1
    v1 = (v1 + v2 + 1) >> 1
    v2 = t
    t = (v4 * SIN3 + v7 * COS3 + 2048) >> 12
    v4 = (v4 * COS3 - v7 * SIN3 + 2048) >> 12
    v7 = t
    t = (v5 * SIN1 + v6 * COS1 + 2048) >> 12
    v5 = (v5 * COS1 - v6 * SIN1 + 2048) >> 12
    v6 = t
    p[col] = v0 + v7
    p[56 + col] = v0 - v7
    p[8 + col] = v1 + v6
    p[48 + col] = v1 - v6
    p[16 + col] = v2 + v5
    p[40 + col] = v2 - v5
    p[24 + col] = v3 + v4
    p[32 + col] = v3 - v4
  }

  for (let i = 0; i < 64; i++) {
    const sample = 128 + ((at(i) + 8) >> 4)
    out[to + (i >> 3) * stride + (i & 7)] = sample < 0 ? 0 : sample > 255 ? 255 : sample
  }
}
