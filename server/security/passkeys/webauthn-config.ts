// WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS (server/config.ts reads them; relying-party.ts uses them):
// checked at start, so a typo stops the server with a message instead of refusing every passkey.
import { isIP } from 'node:net'

/** WEBAUTHN_RP_ID: a domain name (browsers refuse IP addresses as RP ids), lower-case. */
export function parseWebauthnRpId(value: string | undefined): string | undefined {
  const raw = value?.toLowerCase()
  if (raw === undefined) return undefined
  const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
  if (raw.length > 253 || !new RegExp(`^${label}(?:\\.${label})*$`).test(raw) || isIP(raw) !== 0 || /^[\d.]+$/.test(raw)) {
    throw new Error(`WEBAUTHN_RP_ID must be a domain name such as exchange.example (not an address), got "${raw}"`)
  }
  return raw
}

/** WEBAUTHN_ORIGINS: http(s) origins (no path) on the RP id or a subdomain of it, as WebAuthn requires. */
export function parseWebauthnOrigins(raw: string | undefined, rpId: string | undefined): string[] {
  if (raw === undefined) return []
  return raw.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    let url: URL | undefined
    try {
      url = new URL(entry)
    } catch {
      url = undefined
    }
    const bare = (url?.protocol === 'https:' || url?.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash && !url.username && !entry.endsWith('#')
    const onRpId = rpId === undefined || url?.hostname === rpId || url?.hostname.endsWith(`.${rpId}`) === true
    if (!url || !bare || !onRpId) {
      throw new Error(`WEBAUTHN_ORIGINS must be origins such as https://exchange.example separated by commas${rpId === undefined ? '' : `, on ${rpId}`}, got "${entry}"`)
    }
    return url.origin
  })
}
