// The worker caches the contract reads (so the terms, the positions and the history show their last
// state offline) and never a contract write (an opening, close or change is never answered from
// storage, nor queued).
import { expect, it } from 'vitest'
import { CONTRACT_PATHS } from '../../src/contract/contracts.ts'
import { readRuleFor } from '../../sw/read-rules.ts'

const ORIGIN = 'http://app.test'
const ruleOf = (path: string) => readRuleFor(new URL(path, ORIGIN), 'POST', ORIGIN)

it('stores the terms for everyone, the positions, history and detail per user, and no write', () => {
  expect(ruleOf(CONTRACT_PATHS.config)).toMatchObject({ scope: 'public', group: 'bb' })
  for (const path of [CONTRACT_PATHS.positions, CONTRACT_PATHS.history, CONTRACT_PATHS.detail]) expect(ruleOf(path)).toMatchObject({ scope: 'private', group: 'bb' })
  for (const path of [CONTRACT_PATHS.open, CONTRACT_PATHS.close, CONTRACT_PATHS.cancel, CONTRACT_PATHS.addMargin, CONTRACT_PATHS.editStops]) expect(ruleOf(path)).toBeUndefined()
})
