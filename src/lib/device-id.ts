// This install's device id (contract/security.ts DEVICE_ID_PATTERN), sent at sign-in so the server
// knows a device it has seen before from a new one (the new-device mail). Random, not derived from
// anything about the device; kept in local storage and NOT cleared at sign-out (a device stays the
// same device for the next sign-in). Where storage is missing (private mode, tests), a fresh id for
// each page: the server then treats each visit as a new device, which errs on the side of a mail.
import { DEVICE_ID_PATTERN } from '../contract/security.ts'

const KEY = 'Device-Id'
let inMemory: string | null = null

/** 16 random bytes as base64url: 22 characters of [A-Za-z0-9_-]. */
export function newDeviceId(fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(16)
  fill(bytes)
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

export function deviceId(): string {
  try {
    const kept = globalThis.localStorage?.getItem(KEY)
    if (kept && DEVICE_ID_PATTERN.test(kept)) return kept
    const fresh = newDeviceId()
    globalThis.localStorage?.setItem(KEY, fresh)
    if (globalThis.localStorage) return fresh
  } catch {
    // Storage refused (a locked-down browser): fall through to the page's own id.
  }
  inMemory ??= newDeviceId()
  return inMemory
}
