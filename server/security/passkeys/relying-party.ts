// Whom a passkey is for (WebAuthn's relying party): the RP id a credential is bound to, and the
// origins a ceremony may come from.
//
// Configured (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS: set them behind a proxy), those are used. Unset,
// each is derived from the request:
// - the RP id is the host name of the Host header, the name the browser reached us by (the raw
//   header: Fastify's request.hostname would believe X-Forwarded-Host from a trusted proxy);
// - the expected origin is the request's Origin header (browsers send it with every POST), but only
//   when its host is the Host header's host; otherwise no origin is expected and nothing verifies.
// Why that is safe: a phishing proxy on evil.example relaying to us must rewrite Host to reach us
// under our name. The browser writes the origin it really is on (https://evil.example) into the
// signed clientDataJSON and into the Origin header. Left as is, that Origin's host is not Host's:
// refused. Rewritten to ours, it no longer matches the signed clientDataJSON's origin: refused. And
// the authenticator signs the hash of the RP id it was asked for, which the browser only lets a page
// on that host (or below it) ask for, so a credential of ours never signs anything for evil.example.
//
// Browsers refuse IP addresses as RP ids: passkeys work where the app is reached at `localhost` or
// at a real domain name, not at http://127.0.0.1:8080.
import type { FastifyRequest } from 'fastify'
import type { ServerConfig } from '../../config.ts'

export interface RelyingParty {
  rpId: string
  /** The origins a ceremony may come from; empty when the request's Origin is not on its Host. */
  origins: string[]
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' }

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

/** The Host header as a URL's host name and port ('' when none was given), or undefined. */
function hostOf(host: string | undefined): { hostname: string; port: string } | undefined {
  if (!host || /[\s/@?#\\]/.test(host)) return undefined
  const url = parseUrl(`http://${host}`)
  return url && url.hostname ? { hostname: url.hostname, port: url.port } : undefined
}

/** The Origin header when it names the Host header's host (and port), else undefined. */
function originOnHost(origin: string | undefined, host: { hostname: string; port: string }): string | undefined {
  const url = origin === undefined ? undefined : parseUrl(origin)
  if (!url || !(url.protocol in DEFAULT_PORTS) || url.origin !== origin) return undefined
  // The Host header leaves out the port the scheme implies, as the origin does.
  const defaultPort = DEFAULT_PORTS[url.protocol]
  const samePort = (url.port || defaultPort) === (host.port || defaultPort)
  return url.hostname === host.hostname && samePort ? url.origin : undefined
}

const header = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' ? value.trim() : undefined)

/** The relying party of this request, or undefined when it has no usable Host header (and no RP id is configured). */
export function relyingPartyOf(config: Pick<ServerConfig, 'webauthnRpId' | 'webauthnOrigins'>, headers: FastifyRequest['headers']): RelyingParty | undefined {
  const host = hostOf(header(headers.host))
  const rpId = config.webauthnRpId ?? host?.hostname
  if (rpId === undefined) return undefined
  if (config.webauthnOrigins.length > 0) return { rpId, origins: config.webauthnOrigins }
  const origin = host && originOnHost(header(headers.origin), host)
  return { rpId, origins: origin === undefined ? [] : [origin] }
}
