// Spec §2: a price is coloured by the sign of close − open. Shared by the Trade screens' headers;
// exact work on the decimal text (lib/decimal-text), so it loads no decimal library.
import { compareText } from './decimal-text'

export type Trend = 'up' | 'down' | 'flat'

export const trendOf = (open: string, close: string): Trend => {
  const order = compareText(close, open)
  return order === 1 ? 'up' : order === -1 ? 'down' : 'flat'
}
