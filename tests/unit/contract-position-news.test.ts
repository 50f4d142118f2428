// What the pass did to the trader's positions, said once (src/features/contract/position-news.ts):
// an entry that reached its price, a stop loss or take profit, a liquidation; never what the trader
// did by hand, which has its own toast.
import { i18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { beforeAll, expect, it } from 'vitest'
import { endedToast, enteredToast, positionNews } from '../../src/features/contract/position-news'
import { contractPosition } from '../support/contract-positions'

beforeAll(() => {
  i18n.setMessagesCompiler(compileMessage)
  i18n.load('en-US', {})
  i18n.activate('en-US')
})

it('finds entries that reached their price and positions that left the list', () => {
  const before = [contractPosition('1', { status: 1, entryPrice: '' }), contractPosition('2'), contractPosition('3', { status: 1, entryPrice: '' })]
  const after = [contractPosition('1', { entryPrice: '60000' }), contractPosition('3', { status: 1, entryPrice: '' })]
  const news = positionNews(before, after)
  expect(news.entered.map((position) => position.id)).toEqual(['1'])
  expect(news.gone).toEqual(['2'])
  expect(positionNews(after, after)).toEqual({ entered: [], gone: [] })
})

it('says what was entered, at what price', () => {
  expect(i18n._(enteredToast(contractPosition('1', { entryPrice: '60000.5' }), 'Long'))).toBe('Long 0.1 BTC entered at 60,000.50 USDT')
})

/** The toast of position 2, ended at 61,000 as `overrides` say. */
const ended = (overrides: Parameters<typeof contractPosition>[1]) =>
  endedToast(contractPosition('2', { quantity: '0', exitPrice: '61000', ...overrides }), 'Long')

it('says how a position ended without the trader: take profit, stop loss, liquidation', () => {
  expect(i18n._(ended({ status: 3, closeReason: 3, realizedPnl: '100' })!)).toBe('Long BTC/USDT closed by its take profit at 61,000.00, P/L +100 USDT')
  expect(i18n._(ended({ status: 3, closeReason: 2, realizedPnl: '-50.25' })!)).toBe('Long BTC/USDT closed by its stop loss at 61,000.00, P/L -50.25 USDT')
  expect(i18n._(ended({ status: 4, closeReason: 4 })!)).toBe('Long BTC/USDT liquidated at 61,000.00')
})

it('says nothing of what the trader did: a close by hand, a cancelled entry, a position still held', () => {
  expect(endedToast(contractPosition('2', { status: 3, closeReason: 1 }), 'Long')).toBeNull()
  expect(endedToast(contractPosition('2', { status: 5 }), 'Long')).toBeNull()
  expect(endedToast(contractPosition('2'), 'Long')).toBeNull()
})
