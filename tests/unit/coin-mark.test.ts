import { describe, expect, it } from 'vitest'
import { CURRENCIES } from '../../src/contract/assets.ts'
import { coinColour, coinHue, coinInitial, luminance } from '../../src/contract/coin-mark.ts'

const rgbOf = (colour: string) => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16) / 255)
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
// server/launch/create.ts's hue of a project's symbol.
const launchHue = (symbol: string) => [...symbol].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 360, 7)
const hueGap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b))

describe('coin marks', () => {
  it('give every catalogue coin a colour of its own, far apart on the colour wheel', () => {
    const colours = CURRENCIES.map(coinColour)
    expect(new Set(colours).size).toBe(CURRENCIES.length)
    for (const [i, a] of CURRENCIES.entries()) {
      for (const b of CURRENCIES.slice(i + 1)) expect(hueGap(coinHue(a), coinHue(b)), `${a} / ${b}`).toBeGreaterThanOrEqual(40)
    }
  })

  it('are the same for the same symbol, in any case, every time', () => {
    expect(CURRENCIES.map(coinColour)).toEqual(CURRENCIES.map(coinColour))
    expect(coinColour('btc')).toBe(coinColour('BTC'))
    expect(coinColour('LUMEN')).toBe(coinColour('LUMEN'))
    expect(coinColour('USDT')).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('give a launched coin the launchpad hue of its symbol, and launched coins differ', () => {
    expect(coinHue('LUMEN')).toBe(launchHue('LUMEN'))
    expect(coinColour('LUMEN')).not.toBe(coinColour('NOVA'))
  })

  it('keep the white initial readable (4.5 : 1) and the disc visible on a dark page (3 : 1)', () => {
    for (const symbol of [...CURRENCIES, 'LUMEN', 'NOVA', 'T1764300000']) {
      const disc = luminance(rgbOf(coinColour(symbol)))
      expect(contrast(1, disc), symbol).toBeGreaterThanOrEqual(4.5)
      expect(contrast(disc, luminance(rgbOf('#0b0e14'))), symbol).toBeGreaterThanOrEqual(3)
    }
  })

  it('show the first letter of the symbol', () => {
    expect(CURRENCIES.map(coinInitial)).toEqual(['U', 'B', 'E', 'L', 'E', 'A', 'X', 'D'])
    expect(coinInitial('lumen')).toBe('L')
    expect(coinInitial('')).toBe('?')
  })
})
