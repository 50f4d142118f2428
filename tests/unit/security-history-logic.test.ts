// The rules of the sessions, histories, anti-phishing and allow-list screens (features/security)
// and of the address book's allow-list hints (features/assets/logic).
import { describe, expect, it } from 'vitest'
import { SECURITY_HISTORY_EVENTS, SIGN_IN_METHODS, SIGN_IN_RESULTS, type AllowListState } from '../../src/contract/security.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { addressHold, isAllowListOn, usableNow } from '../../src/features/assets/logic'
import { allowListPhase, checkAntiPhishing, normaliseAntiPhishing } from '../../src/features/security/allow-list-logic'
import { SECURITY_EVENT_LABELS, SIGN_IN_METHOD_LABELS, SIGN_IN_RESULT_LABELS } from '../../src/features/security/components/history-labels'
import { deviceText, isFailedSignIn, orderSessions } from '../../src/features/security/history-logic'

const HOUR = 3_600_000
const state = (on: boolean, offAt: number | null): AllowListState => ({ on, offAt, delayHours: 24 })

describe('sessions and histories', () => {
  it('marks every result but ok as a failure', () => {
    expect(SIGN_IN_RESULTS.filter((result) => isFailedSignIn({ result }))).toEqual(SIGN_IN_RESULTS.filter((r) => r !== 'ok'))
    expect(isFailedSignIn({ result: 'ok' })).toBe(false)
  })

  it('names a device by what the server read, leaving out what it could not', () => {
    expect(deviceText({ device: 'iPhone', browser: 'Safari 18' })).toBe('iPhone · Safari 18')
    expect(deviceText({ device: '', browser: 'Chrome 142' })).toBe('Chrome 142')
    expect(deviceText({ device: ' ', browser: '' })).toBe('')
  })

  it('puts this device first, then the most recently used', () => {
    const sessions = [
      { id: 'a', current: false, lastSeen: 1 },
      { id: 'b', current: false, lastSeen: 3 },
      { id: 'c', current: true, lastSeen: 2 },
    ]
    expect(orderSessions(sessions).map((s) => s.id)).toEqual(['c', 'b', 'a'])
    expect(sessions.map((s) => s.id)).toEqual(['a', 'b', 'c'])
  })

  it('has words for every event, result and method of the contract', () => {
    expect(Object.keys(SECURITY_EVENT_LABELS).toSorted()).toEqual([...SECURITY_HISTORY_EVENTS].toSorted())
    expect(Object.keys(SIGN_IN_RESULT_LABELS).toSorted()).toEqual([...SIGN_IN_RESULTS].toSorted())
    expect(Object.keys(SIGN_IN_METHOD_LABELS).toSorted()).toEqual([...SIGN_IN_METHODS].toSorted())
  })
})

describe('anti-phishing code', () => {
  it('takes 4 to 20 letters of any script or digits, spaces around it trimmed', () => {
    for (const good of ['abcd', 'Tiger2026', '安全代码真好', '안전코드', 'ひみつのことば', ' spaced ', 'a'.repeat(20)]) {
      expect(checkAntiPhishing({ code: good }), good).toEqual({})
    }
    expect(normaliseAntiPhishing(' spaced ')).toBe('spaced')
  })

  it("refuses the rest with the server's own words", () => {
    for (const bad of ['', 'abc', 'two words', 'a'.repeat(21), 'pass-word', '<b>hi</b>']) {
      expect(checkAntiPhishing({ code: bad }).code?.id, bad).toBe(SERVER_MESSAGES.antiPhishingRule)
    }
  })
})

describe('allow-list', () => {
  const now = 1_800_000_000_000
  it('is off, on, or turning off until its off time has come', () => {
    expect(allowListPhase(state(false, null), now)).toBe('off')
    expect(allowListPhase(state(true, null), now)).toBe('on')
    expect(allowListPhase(state(true, now + HOUR), now)).toBe('turningOff')
    expect(allowListPhase(state(true, now), now)).toBe('off')
  })

  it('still holds withdrawals while turning off; unknown counts as off', () => {
    expect(isAllowListOn(state(true, now + 1), now)).toBe(true)
    expect(isAllowListOn(state(true, now - 1), now)).toBe(false)
    expect(isAllowListOn(state(false, null), now)).toBe(false)
    expect(isAllowListOn(null, now)).toBe(false)
  })

  it('holds an unconfirmed address always, a waiting one only with the list on', () => {
    const unconfirmed = { confirmed: false, usableAt: now - HOUR }
    const waiting = { confirmed: true, usableAt: now + HOUR }
    const aged = { confirmed: true, usableAt: now - 1 }
    expect([addressHold(unconfirmed, true, now), addressHold(waiting, true, now), addressHold(aged, true, now)]).toEqual(['unconfirmed', 'waiting', null])
    expect([addressHold(unconfirmed, false, now), addressHold(waiting, false, now)]).toEqual(['unconfirmed', null])
    // With the list off, the server sends to any saved address, confirmed or not.
    expect([usableNow(unconfirmed, false, now), usableNow(waiting, false, now)]).toEqual([true, true])
    expect([usableNow(unconfirmed, true, now), usableNow(waiting, true, now), usableNow(aged, true, now)]).toEqual([false, false, true])
  })
})
