// The worker caches the profile's reads per user (so verification, invitees, the inbox, the unread
// count and the collection account show their last state offline) and never a write — nor a
// message's detail, whose opening marks it read.
import { expect, it } from 'vitest'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { readRuleFor } from '../../sw/read-rules.ts'

const ORIGIN = 'http://app.test'
const ruleOf = (path: string, method = 'POST') => readRuleFor(new URL(path, ORIGIN), method, ORIGIN)

it('stores the profile reads per user, and no write', () => {
  for (const path of [PROFILE_PATHS.kycStatus, PROFILE_PATHS.invitees, PROFILE_PATHS.messages, PROFILE_PATHS.unread, PROFILE_PATHS.bankCard]) {
    expect(ruleOf(path)).toMatchObject({ scope: 'private', group: 'bb' })
  }
  for (const path of [PROFILE_PATHS.uploadIcon, PROFILE_PATHS.kycSubmit, PROFILE_PATHS.messageDetail, PROFILE_PATHS.markRead, PROFILE_PATHS.setBankCard]) {
    expect(ruleOf(path)).toBeUndefined()
  }
  // Images are the HTTP cache's business (the avatar) or never cached (identity photos).
  expect(ruleOf(PROFILE_PATHS.kycPhoto, 'GET')).toBeUndefined()
})
