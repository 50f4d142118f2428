import { describe, expect, it } from 'vitest'
import { POSITION_STATUS } from '../../src/contract/contracts.ts'
import { holdingFirst, lockedHoldings } from '../../src/features/position/logic'

describe('the Position tab', () => {
  it('lists positions holding before pending entries, each group in the order given, without changing the list', () => {
    const given = [
      { id: 'a', status: POSITION_STATUS.pending },
      { id: 'b', status: POSITION_STATUS.holding },
      { id: 'c', status: POSITION_STATUS.pending },
      { id: 'd', status: POSITION_STATUS.holding },
    ]
    expect(holdingFirst(given).map((position) => position.id)).toEqual(['b', 'd', 'a', 'c'])
    expect(given.map((position) => position.id)).toEqual(['a', 'b', 'c', 'd'])
    expect(holdingFirst([])).toEqual([])
  })

  it('keeps the launchpad coins still locked at the server time, the soonest to unlock first', () => {
    const now = 1_000_000
    const subs = [
      { id: 'later', tag: 'LOCKED' as const, unlockAt: now + 5000 },
      { id: 'held', tag: 'HOLD' as const, unlockAt: now - 10 },
      { id: 'sooner', tag: 'LOCKED' as const, unlockAt: now + 1000 },
      { id: 'joining', tag: null, unlockAt: now + 9000 },
      // The answer predates the unlock: it is no longer locked.
      { id: 'unlocked', tag: 'LOCKED' as const, unlockAt: now },
      { id: 'sold', tag: 'SELLED' as const, unlockAt: now - 5000 },
    ]
    expect(lockedHoldings(subs, now).map((sub) => sub.id)).toEqual(['sooner', 'later'])
    expect(lockedHoldings(subs, now + 1000).map((sub) => sub.id)).toEqual(['later'])
  })
})
