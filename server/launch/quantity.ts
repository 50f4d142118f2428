// A token quantity from the wire: a plain positive decimal of at most 8 decimals (the coin's own
// precision is checked against the project).
import { SERVER_MESSAGES, type ServerMessage } from '../../src/contract/messages.ts'

export type Checked = { ok: true; value: string } | { ok: false; msg: ServerMessage }

export function checkQuantity(text: string | undefined): Checked {
  const value = (text ?? '').trim()
  if (!/^\d{1,15}(\.\d+)?$/.test(value)) return { ok: false, msg: SERVER_MESSAGES.invalidAmount }
  const [whole = '', fraction = ''] = value.split('.')
  const trimmed = fraction.replace(/0+$/, '')
  if (trimmed.length > 8) return { ok: false, msg: SERVER_MESSAGES.launchTooPrecise }
  const plain = `${whole.replace(/^0+(?=\d)/, '')}${trimmed ? `.${trimmed}` : ''}`
  if (/^0(\.0*)?$/.test(plain)) return { ok: false, msg: SERVER_MESSAGES.amountNotPositive }
  return { ok: true, value: plain }
}
