// The device id sent at sign-in (lib/device-id): random, of the shape the server accepts, and the
// same id on every later sign-in from this install.
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { DEVICE_ID_PATTERN } from '../../src/contract/security.ts'
import { deviceId, newDeviceId } from '../../src/lib/device-id'

const kept = new Map<string, string>()
const localStorage = {
  getItem: (key: string) => kept.get(key) ?? null,
  setItem: (key: string, value: string) => void kept.set(key, value),
  removeItem: (key: string) => void kept.delete(key),
}
beforeEach(() => vi.stubGlobal('localStorage', localStorage))
afterEach(() => {
  kept.clear()
  vi.unstubAllGlobals()
})

it('makes ids of the server\'s shape from 16 random bytes', () => {
  expect(newDeviceId((bytes) => void bytes.fill(255))).toBe('_____________________w')
  const ids = new Set(Array.from({ length: 20 }, () => newDeviceId()))
  expect(ids.size).toBe(20)
  for (const id of ids) expect(id).toMatch(DEVICE_ID_PATTERN)
})

it('keeps one id per install, and replaces a stored value of the wrong shape', () => {
  const first = deviceId()
  expect(deviceId()).toBe(first)
  expect(localStorage.getItem('Device-Id')).toBe(first)
  localStorage.setItem('Device-Id', 'bad id!')
  const next = deviceId()
  expect(next).not.toBe('bad id!')
  expect(next).toMatch(DEVICE_ID_PATTERN)
})
