// Browsers refuse an IP address as a passkey's site (WebAuthn RP id): the app says so instead of
// offering a prompt that cannot work (lib/passkeys.ts).
import { describe, expect, it } from 'vitest'
import { isIpAddress } from '../../src/lib/passkeys'

describe('isIpAddress', () => {
  it('knows IPv4 and IPv6 literals', () => {
    for (const host of ['127.0.0.1', '192.168.1.20', '::1', '[::1]', '2001:db8::7']) expect(isIpAddress(host), host).toBe(true)
  })
  it('lets names through', () => {
    for (const host of ['localhost', 'exchange.example', 'app.1.example', '10.example']) expect(isIpAddress(host), host).toBe(false)
  })
})
