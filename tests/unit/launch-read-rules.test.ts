// The worker keeps the launchpad's reads (lists, a project, the coins, my subscriptions) so they
// show their last state offline, never a subscribe or a sale; a project's answer, which carries the
// caller's own figures when signed in, is stored per user then; white papers, logos and pdf.js's
// worker script go to Cache Storage instead (binary GETs).
import { expect, it } from 'vitest'
import { TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { LAUNCH_PATHS, PLATFORM_WHITE_PAPER_PATH } from '../../src/contract/launch.ts'
import { isPaperRequest, isPdfWorkerRequest, readRuleFor, scopeOf } from '../../sw/read-rules.ts'

const ORIGIN = 'http://app.test'
const ruleOf = (path: string, method = 'POST') => readRuleFor(new URL(path, ORIGIN), method, ORIGIN)

it('stores the lists, a project, the coins and my subscriptions, and no subscribe or sale', () => {
  expect(ruleOf(LAUNCH_PATHS.list)).toMatchObject({ scope: 'viewer', group: 'bb' })
  expect(ruleOf(LAUNCH_PATHS.detail)).toMatchObject({ scope: 'viewer', group: 'bb' })
  expect(ruleOf(LAUNCH_PATHS.coins)).toMatchObject({ scope: 'public', group: 'bb' })
  expect(ruleOf(LAUNCH_PATHS.mine)).toMatchObject({ scope: 'private', group: 'bb' })
  expect(ruleOf(LAUNCH_PATHS.subscribe)).toBeUndefined()
  expect(ruleOf(LAUNCH_PATHS.sell)).toBeUndefined()
})

it("keeps a signed-in caller's project answers to that caller, and a visitor's for everyone", () => {
  const rule = ruleOf(LAUNCH_PATHS.detail)
  if (!rule) throw new Error('no rule')
  expect(scopeOf(rule, new Headers({ [TOKEN_HEADER]: 'token' }))).toBe('private')
  expect(scopeOf(rule, new Headers())).toBe('public')
  const mine = ruleOf(LAUNCH_PATHS.mine)
  if (!mine) throw new Error('no rule')
  expect(scopeOf(mine, new Headers())).toBe('private')
})

const paper = (path: string, method = 'GET', origin = ORIGIN) => isPaperRequest(new URL(path, origin), method, ORIGIN)
const worker = (path: string) => isPdfWorkerRequest(new URL(path, ORIGIN), 'GET', ORIGIN, '/mobile/')

it('sends white papers, logos and the pdf.js worker to Cache Storage, and nothing else', () => {
  expect(paper(`${LAUNCH_PATHS.paper}?id=1`)).toBe(true)
  expect(paper(`${LAUNCH_PATHS.logo}?id=1`)).toBe(true)
  expect(paper(PLATFORM_WHITE_PAPER_PATH)).toBe(true)
  expect(paper(`${LAUNCH_PATHS.paper}?id=1`, 'POST')).toBe(false)
  expect(paper(`${LAUNCH_PATHS.paper}?id=1`, 'GET', 'http://elsewhere.test')).toBe(false)
  expect(paper(LAUNCH_PATHS.list)).toBe(false)
  expect(worker('/mobile/assets/pdf.worker.min-CIqJB0yW.mjs')).toBe(true)
  expect(worker('/mobile/assets/viewer-CKVrMk3V.js')).toBe(false)
  expect(worker('/elsewhere/assets/pdf.worker.min-CIqJB0yW.mjs')).toBe(false)
})
