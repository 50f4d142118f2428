// Every figure on screen is printed by lib/format (issue 21: one formatting module, in the user's
// locale, truncated, grouped). This scan keeps the ways around it out of src: a number printed with
// toFixed/toPrecision/toLocaleString or an Intl.NumberFormat of its own would be ungrouped, rounded,
// or grouped differently from every other figure.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const SRC = join(ROOT, 'src')

/** The printing modules themselves. */
const FORMAT_MODULES = new Set(['src/lib/format.ts', 'src/lib/format-number.ts', 'src/lib/format-time.ts', 'src/lib/decimal-text.ts'])

/**
 * Non-component files that may write a float with a fixed number of places, and why. BigNumber's
 * toFixed() without places (plain machine text for the wire, an input or arithmetic) is allowed
 * outside components.
 */
const FIXED_PLACES_ALLOWED: Record<string, string> = {
  'src/features/seconds/spark.ts': 'SVG path coordinates, never shown as text',
  'src/lib/decimal.ts': 'plainDecimal: BigNumber machine text cut for arithmetic and the wire, not display',
  'src/features/market/chart-data.ts': 'chart axis ticks are floats; the text is grouped by lib/format-number',
}

/** Where screens live: nothing in them prints a number by hand. */
const isComponent = (path: string) =>
  /^src\/(features\/[^/]+\/components|routes|app|lib\/ui)\//.test(path) || path.endsWith('.tsx')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && entry.name !== 'routeTree.gen.ts' ? [path] : []
  })
}

/** The code of a file without its comments, so a comment may name what it avoids. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

interface Finding {
  file: string
  line: number
  text: string
}

function findings(test: (file: string, line: string) => boolean): Finding[] {
  return sources(SRC).flatMap((path) => {
    const file = relative(ROOT, path).split('\\').join('/')
    if (FORMAT_MODULES.has(file)) return []
    return code(readFileSync(path, 'utf8')).split('\n').flatMap((text, index) =>
      test(file, text) ? [{ file, line: index + 1, text: text.trim() }] : [])
  })
}

describe('numbers are printed only by lib/format', () => {
  it('no component calls toFixed, toPrecision or toLocaleString', () => {
    const found = findings((file, line) => isComponent(file) && /\.(toFixed|toPrecision|toLocaleString)\(/.test(line))
    expect(found, 'print figures with lib/format (formatPrice, coinText, formatBalance, formatValue…) instead').toEqual([])
  })
  it('nothing outside lib/format makes its own Intl.NumberFormat or locale string of a number', () => {
    const found = findings((_file, line) => /Intl\.NumberFormat|\.toLocaleString\(|\.toPrecision\(/.test(line))
    expect(found, 'lib/format-number holds the locale rules of figures').toEqual([])
  })
  it('toFixed with places (a float printed by hand) only where listed, with its reason', () => {
    const found = findings((file, line) => !(file in FIXED_PLACES_ALLOWED) && /\.toFixed\(\s*[^)\s]/.test(line))
    expect(found, 'a figure with places is lib/format\'s job; BigNumber toFixed() without places is machine text').toEqual([])
  })
  it('catches what it is meant to catch', () => {
    const sample = "const text = `${price.toFixed(2)} USDT`"
    expect(/\.toFixed\(\s*[^)\s]/.test(code(sample))).toBe(true)
    expect(/\.toFixed\(\s*[^)\s]/.test(code('// avoid toFixed(2) here'))).toBe(false)
  })
})
