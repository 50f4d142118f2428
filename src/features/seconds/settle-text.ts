// What a settlement says to the trader: the toast raised once when an order on screen settles,
// which is also its one announcement to a screen reader (the toast host is the app's polite live
// region; the results list under the form is not one). Pure; unit tested in
// tests/unit/seconds-settle-text.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SecondsOrder } from '../../contract/seconds.ts'
import { DIRECTION_LABELS, RESULT_LABELS } from './components/labels'
import { signedCoin } from './logic'

/**
 * "BTC/USDT Up settled: Win, +8 USDT". The direction and result words are put in the language
 * of the moment by `translate` (the toast host translates the sentence around them).
 */
export function settlementToast(
  order: Pick<SecondsOrder, 'baseCoin' | 'quoteCoin' | 'tradeType' | 'result' | 'profit'>,
  translate: (label: MessageDescriptor) => string,
): MessageDescriptor {
  const pair = `${order.baseCoin}/${order.quoteCoin}`
  const direction = translate(DIRECTION_LABELS[order.tradeType])
  const profit = `${signedCoin(order.profit)} ${order.quoteCoin}`
  if (order.result === null) return msg`${pair} ${direction} settled`
  const result = translate(RESULT_LABELS[order.result])
  return msg`${pair} ${direction} settled: ${result}, ${profit}`
}
