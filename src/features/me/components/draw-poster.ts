import { encode } from 'uqr'

export const POSTER_WIDTH = 600
export const POSTER_HEIGHT = 900

export interface PosterText {
  brand: string
  tagline: string
  codeLabel: string
  code: string
  scanHint: string
}

/**
 * The invitation poster: brand, the user's code and a QR code of the registration link. Drawn in
 * the app's colours, the QR dark on white with its quiet zone so any camera reads it from the image.
 */
export function drawPoster(context: CanvasRenderingContext2D, text: PosterText, link: string): void {
  const gradient = context.createLinearGradient(0, 0, 0, POSTER_HEIGHT)
  gradient.addColorStop(0, '#1b2a4a')
  gradient.addColorStop(1, '#0b0e14')
  context.fillStyle = gradient
  context.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT)

  context.textAlign = 'center'
  context.textBaseline = 'alphabetic'
  context.fillStyle = '#f0b90b'
  context.font = 'bold 64px system-ui, sans-serif'
  context.fillText(text.brand, POSTER_WIDTH / 2, 120)
  context.fillStyle = '#e6e8ee'
  context.font = '28px system-ui, sans-serif'
  context.fillText(text.tagline, POSTER_WIDTH / 2, 175, POSTER_WIDTH - 60)

  const qr = encode(link, { ecc: 'M', border: 4 })
  const side = 320
  const unit = Math.floor(side / qr.size)
  const drawn = unit * qr.size
  const left = Math.round((POSTER_WIDTH - drawn) / 2)
  const top = 240
  context.fillStyle = '#ffffff'
  context.fillRect(left, top, drawn, drawn)
  context.fillStyle = '#000000'
  qr.data.forEach((row, y) => row.forEach((dark, x) => dark && context.fillRect(left + x * unit, top + y * unit, unit, unit)))

  context.fillStyle = '#8a93a6'
  context.font = '26px system-ui, sans-serif'
  context.fillText(text.scanHint, POSTER_WIDTH / 2, top + drawn + 60, POSTER_WIDTH - 60)
  context.fillText(text.codeLabel, POSTER_WIDTH / 2, top + drawn + 140, POSTER_WIDTH - 60)
  context.fillStyle = '#f0b90b'
  context.font = 'bold 56px ui-monospace, monospace'
  context.fillText(text.code, POSTER_WIDTH / 2, top + drawn + 210)
}
