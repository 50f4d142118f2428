// Coin logos, drawn here so that the app never loads an image from another host: a disc in the
// coin's colour (src/contract/coin-mark.ts, the same the app's inline marks use, so a coin looks
// alike in the market list and the asset lists) with its ticker. Served as SVG under a CSP that
// forbids scripts and any fetch, so a logo opened on its own is inert.
import { CURRENCIES } from '../../src/contract/assets.ts'
import { coinColour } from '../../src/contract/coin-mark.ts'
import { MARKET_LOGO_PATH } from '../../src/contract/market.ts'

export const LOGO_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=86400',
} as const

function draw(coin: string, colour: string): string {
  const fontSize = coin.length > 3 ? 15 : 19
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${coin}">`,
    `<title>${coin}</title>`,
    `<circle cx="32" cy="32" r="32" fill="${colour}"/>`,
    `<text x="32" y="32" dy=".35em" text-anchor="middle" fill="#fff" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${fontSize}">${coin}</text>`,
    '</svg>',
  ].join('')
}

const LOGOS = new Map(CURRENCIES.map((coin) => [`${coin.toLowerCase()}.svg`, draw(coin, coinColour(coin))]))

/** The SVG for a file name under MARKET_LOGO_PATH ("btc.svg"), or undefined. */
export const logoFile = (file: string): string | undefined => LOGOS.get(file)

export const LOGO_ROUTE = `${MARKET_LOGO_PATH}:file`
