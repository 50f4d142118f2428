// The worker caches the spot reads (so lists and the book show their last state offline) and
// never a spot write (an order is never answered from storage, nor queued).
import { expect, it } from 'vitest'
import { SPOT_PATHS } from '../../src/contract/spot.ts'
import { readRuleFor } from '../../sw/read-rules.ts'

const ORIGIN = 'http://app.test'
const ruleOf = (path: string) => readRuleFor(new URL(path, ORIGIN), 'POST', ORIGIN)

it('stores the terms and the book for everyone, the orders per user, and no placement or cancel', () => {
  expect(ruleOf(SPOT_PATHS.config)).toMatchObject({ scope: 'public', group: 'bb' })
  expect(ruleOf(SPOT_PATHS.book)).toMatchObject({ scope: 'public', group: 'bb' })
  for (const path of [SPOT_PATHS.openOrders, SPOT_PATHS.history, SPOT_PATHS.order]) expect(ruleOf(path)).toMatchObject({ scope: 'private', group: 'bb' })
  expect(ruleOf(SPOT_PATHS.place)).toBeUndefined()
  expect(ruleOf(SPOT_PATHS.cancel)).toBeUndefined()
})
