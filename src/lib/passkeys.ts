// The browser's side of passkeys (WebAuthn) for the sign-in and the passkeys screen, through
// @simplewebauthn/browser, loaded only when a passkey is used (no part of the first visit). The
// server's options arrive as JSON text and the browser's answer goes back as JSON text
// (contract/security.ts PasskeyOptions), so nothing here knows their fields.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'

/**
 * Why passkeys cannot be used on this page, or null when they can: 'browser' — an old browser or a
 * WebView without WebAuthn; 'address' — the app was opened at an IP address (127.0.0.1:8080),
 * which browsers refuse as a passkey's site, or over plain HTTP anywhere but localhost.
 */
export function passkeyBlocker(): 'browser' | 'address' | null {
  if (typeof globalThis.PublicKeyCredential !== 'function') return 'browser'
  return globalThis.isSecureContext && !isIpAddress(globalThis.location.hostname) ? null : 'address'
}

/** 192.0.2.1 or [2001:db8::1]: not a domain name, so no passkey's site (a WebAuthn RP id). */
export const isIpAddress = (hostname: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[')

/** The browser can use passkeys on this page. */
export const passkeysSupported = (): boolean => passkeyBlocker() === null

/**
 * The user closed the browser's prompt, or let it time out (NotAllowedError), or the page
 * cancelled it (AbortError): nothing to report, the user chose not to go on.
 */
export const isPasskeyCancel = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')

/** The authenticator already holds a passkey of this account (the server listed it as excluded). */
export const isPasskeyAlreadyRegistered = (error: unknown): boolean => error instanceof Error && error.name === 'InvalidStateError'

/** Asks the browser for a passkey to sign in with; the assertion as JSON text, or null when the user cancelled. */
export async function getPasskey(options: string): Promise<string | null> {
  const { startAuthentication } = await import('@simplewebauthn/browser')
  try {
    const response = await startAuthentication({ optionsJSON: JSON.parse(options) as PublicKeyCredentialRequestOptionsJSON })
    return JSON.stringify(response)
  } catch (error) {
    if (isPasskeyCancel(error)) return null
    throw error
  }
}

/** Asks the browser to make a passkey; the attestation as JSON text, or null when the user cancelled. */
export async function createPasskey(options: string): Promise<string | null> {
  const { startRegistration } = await import('@simplewebauthn/browser')
  try {
    const response = await startRegistration({ optionsJSON: JSON.parse(options) as PublicKeyCredentialCreationOptionsJSON })
    return JSON.stringify(response)
  } catch (error) {
    if (isPasskeyCancel(error)) return null
    throw error
  }
}
