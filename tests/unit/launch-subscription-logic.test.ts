import { expect, it } from 'vitest'
import { subscriptionFunds } from '../../src/features/launch/subscription-logic'

it('keeps USDT frozen only while joining; once settled, what was paid and what came back', () => {
  expect(subscriptionFunds({ status: 'pending', frozen: '500', refunded: null })).toEqual({ state: 'frozen', frozen: '500' })
  // Allocated in full: 500 paid, nothing frozen any more.
  expect(subscriptionFunds({ status: 'allocated', frozen: '500', refunded: '0' })).toEqual({ state: 'settled', paid: '500', refunded: '0' })
  // Pro rata: 0.3 of 0.5 paid exactly (no float), 0.2 back.
  expect(subscriptionFunds({ status: 'allocated', frozen: '0.5', refunded: '0.2' })).toEqual({ state: 'settled', paid: '0.3', refunded: '0.2' })
  // Nothing allocated, or the project cancelled: all of it back.
  expect(subscriptionFunds({ status: 'refunded', frozen: '20', refunded: '20' })).toEqual({ state: 'settled', paid: '0', refunded: '20' })
})
