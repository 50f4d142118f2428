// Recent market trades, consistent with the candles: the trades of second x of a minute are the
// minute's trades that fall in it (intraminute.ts), each carrying its cut of the minute's volume,
// so a minute's trades add up exactly to its candle's volume and count. Each trades at that
// second's last price or a tick through it; rising seconds bring more buys. trade-id is
// second × 100 + n: increasing with time and unique without any state.
import type { Deal } from '../../src/contract/market.ts'
import { formatUnits } from './bars.ts'
import type { PairFeed } from './feed.ts'
import { hashAt } from './hash.ts'
import { minuteShape, type MinuteShape, ticksAt, tradesUntil, volumeCut } from './intraminute.ts'

/** A quiet market still shows trades: look back at most this far. */
const LOOKBACK_SECONDS = 3_600

/** The trades of second `at` (inside the shape's minute), oldest first. */
function tradesOfSecond(feed: PairFeed, shape: MinuteShape, at: number): Deal[] {
  const x = at - shape.minute * 60
  const first = tradesUntil(shape, x)
  const count = tradesUntil(shape, x + 1) - first
  if (count === 0) return []
  const last = ticksAt(shape, x)
  const move = Math.sign(last - ticksAt(shape, Math.max(0, x - 1)))
  const deals: Deal[] = []
  for (let n = 0; n < count; n++) {
    const amount = volumeCut(shape, first + n + 1) - volumeCut(shape, first + n)
    if (amount <= 0) continue
    const bits = hashAt(feed.keys.deals ^ 0x5bd1e995, at * 100 + n)
    const buy = (bits & 0xffff) / 65_536 < 0.5 + 0.2 * move
    const through = (bits >>> 16) & 1
    deals.push({
      'trade-id': at * 100 + n,
      price: formatUnits(buy ? last + through : Math.max(1, last - through), feed.pair.precision),
      amount: formatUnits(amount, feed.pair.amountDigits),
      direction: buy ? 'buy' : 'sell',
      ts: at * 1000 + Math.floor((1000 * (n + ((bits >>> 17) & 0xff) / 256)) / count),
    })
  }
  return deals
}

/** The trades of the seconds before `second` (whose trades are still happening), newest first. */
export function tradesBefore(feed: PairFeed, second: number, size: number): Deal[] {
  const deals: Deal[] = []
  let shape: MinuteShape | undefined
  for (let at = second - 1; deals.length < size && at > second - LOOKBACK_SECONDS; at--) {
    const minute = Math.floor(at / 60)
    if (shape?.minute !== minute) shape = minuteShape(feed, minute)
    const ofSecond = tradesOfSecond(feed, shape, at)
    for (let n = ofSecond.length - 1; n >= 0 && deals.length < size; n--) {
      const deal = ofSecond[n]
      if (deal) deals.push(deal)
    }
  }
  return deals
}
