// What a settlement says (src/features/seconds/settle-text.ts): the one toast, and so the one
// screen-reader announcement, when an order on screen settles — pair, direction, result and the
// profit with its sign and unit, in the reader's words.
import { i18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { beforeAll, expect, it } from 'vitest'
import { settlementToast } from '../../src/features/seconds/settle-text'

beforeAll(() => {
  i18n.setMessagesCompiler(compileMessage)
  i18n.load('en-US', {})
  i18n.activate('en-US')
})

const said = (order: Parameters<typeof settlementToast>[0]) => i18n._(settlementToast(order, (label) => i18n._(label)))
const order = { baseCoin: 'BTC', quoteCoin: 'USDT', tradeType: 1, result: 1, profit: '8.5' } as const

it('names the pair, the direction, the result and the profit with its sign and unit', () => {
  expect(said(order)).toBe('BTC/USDT Up settled: Win, +8.5 USDT')
  expect(said({ ...order, tradeType: 2, result: 2, profit: '-10' })).toBe('BTC/USDT Down settled: Lose, -10 USDT')
  expect(said({ ...order, result: 3, profit: '0' })).toBe('BTC/USDT Up settled: Draw, 0 USDT')
})

it('says only that it settled when the answer has no result yet', () => {
  expect(said({ ...order, result: null, profit: '' })).toBe('BTC/USDT Up settled')
})

it('puts the direction and result words in the language of the moment', () => {
  const words: Record<string, string> = { Up: '涨', Win: '盈' }
  const message = settlementToast(order, (label) => words[label.message ?? ''] ?? '?')
  expect(i18n._(message)).toBe('BTC/USDT 涨 settled: 盈, +8.5 USDT')
})
