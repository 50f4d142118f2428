// What a person recognises of a browser's user agent: the device ('iPhone', 'Android', 'Windows',
// 'Mac', 'Linux') and the browser with its major version ('Chrome 142'), read by `bowser`. The raw
// header is stored (capped) and read here when shown, so a better reading applies to old rows too.
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { getParser } from 'bowser'
import { DEVICE_ID_PATTERN } from '../../../src/contract/security.ts'

/** Longer user agents are cut: nothing a person reads is past this, and a row stays small. */
export const USER_AGENT_MAX = 512

/** The request's user agent as stored: '' when none, cut at USER_AGENT_MAX. */
export function userAgentOf(request: FastifyRequest): string {
  const header = request.headers['user-agent']
  return typeof header === 'string' ? header.slice(0, USER_AGENT_MAX) : ''
}

export interface DeviceAndBrowser {
  device: string
  browser: string
}

const DEVICE_BY_OS: Record<string, string> = {
  Android: 'Android',
  Windows: 'Windows',
  macOS: 'Mac',
  Linux: 'Linux',
  'Chrome OS': 'Chromebook',
  HarmonyOS: 'HarmonyOS',
}

/** The device and browser a user agent names; '' for what it does not tell (a script, no header). */
export function describeUserAgent(userAgent: string): DeviceAndBrowser {
  if (userAgent.trim() === '') return { device: '', browser: '' }
  const parser = getParser(userAgent)
  const os = parser.getOSName()
  // iOS names the model (iPhone, iPad); the others only their system.
  const device = os === 'iOS' ? (parser.getPlatform().model ?? 'iPhone') : (DEVICE_BY_OS[os] ?? os)
  const name = parser.getBrowserName()
  const major = parser.getBrowserVersion()?.split('.')[0] ?? ''
  const browser = name === '' ? '' : `${name.replace(/^Microsoft /, '')}${major ? ` ${major}` : ''}`
  return { device: device.slice(0, 40), browser: browser.slice(0, 40) }
}

/** 'iPhone, Safari 17': how the history and the mails name a device ('' when its agent tells nothing). */
export function deviceName(userAgent: string): string {
  const { device, browser } = describeUserAgent(userAgent)
  return [device, browser].filter(Boolean).join(', ')
}

/**
 * The key a device is known by: the app's own random device id when it sent one, else the user
 * agent without its version numbers (a browser update is not a new device). Stored hashed, so the
 * table holds nothing a client could replay.
 */
export function deviceKey(deviceId: string | undefined, userAgent: string): string {
  const source = deviceId !== undefined && DEVICE_ID_PATTERN.test(deviceId) ? `id:${deviceId}` : `ua:${userAgent.replace(/\d+([._]\d+)*/g, '')}`
  return createHash('sha256').update(source).digest('hex')
}
