// Draws the app icons of the web app manifest from the logo of public/favicon.svg (the "N" in
// #f0b90b on #0b0e14) and writes them as PNGs under public/icons/: 192 and 512 px with the logo's
// rounded corners, and a 512 px maskable icon whose background fills the square and whose "N"
// stays inside the central 80 % safe zone, so any launcher mask keeps it whole.
// Run: node scripts/make-icons.mjs (the PNGs are committed; rerun after changing the logo).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PNG } from 'pngjs'

const out = join(import.meta.dirname, '..', 'public', 'icons')
const BACKGROUND = [0x0b, 0x0e, 0x14]
const MARK = [0xf0, 0xb9, 0x0b]
// The logo in the SVG's 64-unit box: a rounded square (rx 14) and the "N" polygon of its path.
const BOX = 64
const CORNER = 14
const N = [[16, 46], [16, 18], [22, 18], [42, 36], [42, 18], [48, 18], [48, 46], [42, 46], [22, 28], [22, 46]]
// Samples per pixel side: 4 × 4 gives smooth edges.
const SUB = 4

function insidePolygon(x, y, polygon) {
  let inside = false
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]
    const [xj, yj] = polygon[j]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

function insideRoundedSquare(x, y) {
  const cx = Math.min(Math.max(x, CORNER), BOX - CORNER)
  const cy = Math.min(Math.max(y, CORNER), BOX - CORNER)
  return x >= 0 && y >= 0 && x <= BOX && y <= BOX && (x - cx) ** 2 + (y - cy) ** 2 <= CORNER ** 2
}

/** One icon: `markScale` shrinks the "N" about the centre; `fullBleed` fills the square (maskable). */
function drawIcon(size, { fullBleed, markScale }) {
  const png = new PNG({ width: size, height: size })
  const unit = BOX / size
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0
      let mark = 0
      for (let sy = 0; sy < SUB; sy++) {
        for (let sx = 0; sx < SUB; sx++) {
          const x = (px + (sx + 0.5) / SUB) * unit
          const y = (py + (sy + 0.5) / SUB) * unit
          if (!fullBleed && !insideRoundedSquare(x, y)) continue
          background++
          const mx = BOX / 2 + (x - BOX / 2) / markScale
          const my = BOX / 2 + (y - BOX / 2) / markScale
          if (insidePolygon(mx, my, N)) mark++
        }
      }
      const samples = SUB * SUB
      const markShare = background === 0 ? 0 : mark / background
      const offset = (py * size + px) * 4
      for (let channel = 0; channel < 3; channel++) {
        png.data[offset + channel] = Math.round(BACKGROUND[channel] * (1 - markShare) + MARK[channel] * markShare)
      }
      png.data[offset + 3] = Math.round((255 * background) / samples)
    }
  }
  return PNG.sync.write(png)
}

mkdirSync(out, { recursive: true })
const icons = [
  ['icon-192.png', 192, { fullBleed: false, markScale: 1 }],
  ['icon-512.png', 512, { fullBleed: false, markScale: 1 }],
  // The "N" spans 32 × 28 of 64 units; at 0.8 its farthest corner lies well inside the safe
  // zone's circle (radius 40 % of the size).
  ['icon-maskable-512.png', 512, { fullBleed: true, markScale: 0.8 }],
]
for (const [name, size, options] of icons) {
  writeFileSync(join(out, name), drawIcon(size, options))
  console.log(`public/icons/${name} (${size} × ${size})`)
}
