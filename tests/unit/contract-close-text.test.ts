// What a close says (src/features/contract/close-text.ts): the toast names what was closed, at
// what price, for what P/L, and what is still held; the history lists closes only for a position
// closed in parts.
import { i18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { beforeAll, expect, it } from 'vitest'
import type { ContractClose } from '../../src/contract/contracts.ts'
import { closedInParts, closeToast } from '../../src/features/contract/close-text'
import { contractPosition } from '../support/contract-positions'

beforeAll(() => {
  i18n.setMessagesCompiler(compileMessage)
  i18n.load('en-US', {})
  i18n.activate('en-US')
})

const close = (quantity: string, pnl: string, price = '60500.5'): ContractClose => ({ quantity, price, pnl, fee: '1', reason: 1, closedAt: 1 })

it('says what a partial close closed and what is still held', () => {
  const after = contractPosition('7', { quantity: '0.06', closes: [close('0.04', '20.02')] })
  expect(i18n._(closeToast(after))).toBe('Closed 0.04 BTC at 60,500.50, P/L +20.02 USDT. Still holding 0.06 BTC.')
})

it('says what a whole close closed, a loss with its sign', () => {
  const after = contractPosition('7', { status: 3, quantity: '0', closes: [close('0.1', '-1234.5', '48000')] })
  expect(i18n._(closeToast(after))).toBe('Position closed: 0.1 BTC at 48,000.00, P/L -1,234.5 USDT.')
})

it('lists closes only for a position closed in parts', () => {
  expect(closedInParts(contractPosition('7', { closes: [] }))).toBe(false)
  expect(closedInParts(contractPosition('7', { status: 3, quantity: '0', closes: [close('0.10', '1')] }))).toBe(false)
  expect(closedInParts(contractPosition('7', { quantity: '0.06', closes: [close('0.04', '1')] }))).toBe(true)
})
