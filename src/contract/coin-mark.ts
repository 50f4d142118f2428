// A coin's mark, drawn rather than downloaded: a disc in a colour of its own with the coin's
// initial in white. The app draws it inline (src/lib/ui/coin-icon.tsx: no request, no bytes beyond
// this file) and the server's market logos use the same colour (server/market/logos.ts), so a coin
// looks the same on every screen. The catalogue coins' hues sit on n evenly spaced slots of the
// colour wheel, one coin per slot, so no two are alike (tests/unit/coin-mark.test.ts); any other
// symbol (a launched coin) takes the hue the launchpad gives its project (server/launch/create.ts),
// so its fallback disc matches its logo.
import { CURRENCIES } from './assets.ts'

/** Where the wheel starts: USDT's hue (Tether's green-teal). */
const FIRST_HUE = 160
/**
 * Coins in CURRENCIES order take every fifth slot (5 is prime to the 8 coins, so each slot is
 * taken once), which lands the best-known on hues traders know them by: BTC orange, ETH violet.
 */
const SLOT_STEP = 5
const SATURATION = 0.65
/**
 * Every disc has this luminance, whatever its hue (a yellow is darker than a blue of the same HSL
 * lightness): white on it reads at 5.25 : 1 (WCAG AA for text), and it stands out at 3.7 : 1 from
 * the dark theme's page and 5.25 : 1 from the light one's (AA for graphics).
 */
const DISC_LUMINANCE = 0.15

/** The launchpad's hue of a symbol (server/launch/create.ts hueOf). */
const symbolHue = (symbol: string): number => [...symbol].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 360, 7)

export function coinHue(symbol: string): number {
  const index = (CURRENCIES as readonly string[]).indexOf(symbol.toUpperCase())
  if (index < 0) return symbolHue(symbol.toUpperCase())
  return Math.round(FIRST_HUE + (index * SLOT_STEP * 360) / CURRENCIES.length) % 360
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const k = (n: number) => (n + hue / 30) % 12
  const a = saturation * Math.min(lightness, 1 - lightness)
  const channel = (n: number) => lightness - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [channel(0), channel(8), channel(4)]
}

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)

/** WCAG relative luminance of an sRGB colour with channels in 0…1. */
export function luminance([r, g, b]: readonly number[]): number {
  return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0)
}

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c * 255).toString(16).padStart(2, '0')).join('')}`

/** The disc's colour as #rrggbb: the coin's hue at the HSL lightness that gives DISC_LUMINANCE. */
export function coinColour(symbol: string): string {
  const hue = coinHue(symbol)
  // Luminance grows with lightness: halve the interval until it is well under a step of 1/255.
  let [low, high] = [0, 1]
  for (let step = 0; step < 16; step++) {
    const middle = (low + high) / 2
    if (luminance(hslToRgb(hue, SATURATION, middle)) < DISC_LUMINANCE) low = middle
    else high = middle
  }
  return hex(hslToRgb(hue, SATURATION, low))
}

/** The letter on the disc: the symbol's first character, upper case ("?" for an empty symbol). */
export const coinInitial = (symbol: string): string => (symbol.trim()[0] ?? '?').toUpperCase()
