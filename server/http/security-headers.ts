// The security headers of every answer, the app's and the API's alike (architecture §6), filled in
// at one place, so that no route can forget them; a header an answer sets itself wins (the app's
// own policy, a private image's sandbox, a logo's caching).
//
// On every answer:
// - Content-Security-Policy `default-src 'none'; frame-ancestors 'none'` unless the answer names
//   its own. An API answer is data, never a page: nothing in it may load or run, nothing may frame
//   it. The app's pages and its worker carry the app's policy instead (http/app-csp.ts,
//   static-app.ts), the images and PDFs their sandboxing ones (deposits/proof.ts, launch/papers.ts,
//   market/logos.ts). On a hashed script or stylesheet of the build the policy does nothing, but
//   for pdf.js's worker, which needs nothing.
// - X-Frame-Options DENY, beside frame-ancestors and for what names its own policy without it: the
//   trade screens must never be framed (clickjacking).
// - X-Content-Type-Options nosniff: an answer is only ever what its type says.
// - Cross-Origin-Resource-Policy same-origin: no other site embeds an answer (a proof image, JSON).
// - Cache-Control no-store unless the answer names its own caching: a session's data, refusals,
//   errors. The worker keeps what the app reads offline itself (sw/read-cache.ts, in IndexedDB,
//   tied to the user), not through the HTTP cache; the build's files, logos, avatars and papers
//   keep their own caching.
// - Strict-Transport-Security only with HSTS=on, where TLS is in front (a proxy): the server itself
//   speaks plain HTTP, and a promise of HTTPS must come from whoever keeps it.
//
// On a page (text/html) also, as they govern documents only:
// - Referrer-Policy no-referrer: the app's addresses name screens, records and pairs; nothing of
//   them goes to another site.
// - Permissions-Policy: every powerful feature the app does not use is off. What it uses keeps its
//   default, its own origin: copying an address or a code (clipboard-write, named to say so),
//   sharing the invite poster (web-share, not named: desktop Chromium does not know the name and
//   warns about the whole header) and passkeys (publickey-credentials-get and -create, not named:
//   their default is the page's own origin, what signing in and adding one need). Picking a proof
//   or identity photo is a file input, which the browser offers with the camera, and which needs
//   no permission. Only names Chromium knows, so the header is read without a warning (the browser
//   tests fail on one).
// - Cross-Origin-Opener-Policy same-origin: no page of another site keeps a handle on the app's.
//
// Not @fastify/helmet: it sets its headers in an onRequest hook, and Fastify answers a request it
// cannot route (an undecodable URL, an over-long parameter: `frameworkErrors`) without running any
// hook, so those answers would go without; it no longer sends Permissions-Policy; it builds its
// middleware again on every request (the hot market reads) and sends the same set to every answer;
// and the policies that differ per answer come from the answers themselves here. What is left is
// these two tables.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export const API_CSP = "default-src 'none'; frame-ancestors 'none'"

export const PERMISSIONS_POLICY = [
  'accelerometer=()', 'autoplay=()', 'camera=()', 'display-capture=()', 'encrypted-media=()',
  'fullscreen=()', 'geolocation=()', 'gyroscope=()', 'hid=()', 'idle-detection=()', 'magnetometer=()',
  'microphone=()', 'midi=()', 'payment=()', 'picture-in-picture=()',
  'screen-wake-lock=()', 'serial=()', 'usb=()', 'xr-spatial-tracking=()', 'browsing-topics=()',
  'clipboard-write=(self)',
].join(', ')

/** A year, the usual HSTS age; no includeSubDomains or preload, which would commit the whole domain. */
export const HSTS = 'max-age=31536000'

export interface SecurityHeaderOptions {
  /** Send Strict-Transport-Security (HSTS=on): only where the server is reached through TLS. */
  hsts: boolean
}

/** On every answer: what keeps any answer from being sniffed, framed, embedded elsewhere or stored. */
export function securityHeaders(options: SecurityHeaderOptions): ReadonlyArray<readonly [string, string]> {
  return [
    ['content-security-policy', API_CSP],
    ['x-frame-options', 'DENY'],
    ['x-content-type-options', 'nosniff'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['cache-control', 'no-store'],
    ...(options.hsts ? [['strict-transport-security', HSTS] as const] : []),
  ]
}

/**
 * On a page (an HTML answer) only: what governs a document. A script, a stylesheet or JSON has no
 * use for them, and over HTTP/1.1 every header costs its bytes on each of a first visit's requests
 * (architecture §8): Permissions-Policy alone is some 400.
 */
export const DOCUMENT_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['referrer-policy', 'no-referrer'],
  ['permissions-policy', PERMISSIONS_POLICY],
  ['cross-origin-opener-policy', 'same-origin'],
]

function fillIn(reply: FastifyReply, headers: ReadonlyArray<readonly [string, string]>): void {
  for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value)
}

const isPage = (reply: FastifyReply): boolean => /^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''))

/** On every answer the routes, the error and not-found handlers and the static files give. */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaders(options)
  app.addHook('onSend', (_request, reply, payload, done) => {
    fillIn(reply, headers)
    if (isPage(reply)) fillIn(reply, DOCUMENT_HEADERS)
    done(null, payload)
  })
}

type FrameworkErrorHandler = (error: unknown, request: FastifyRequest, reply: FastifyReply) => void

/** The same for the answers Fastify gives before routing (its `frameworkErrors`), which run no hook. */
export function withSecurityHeaders(handler: FrameworkErrorHandler, options: SecurityHeaderOptions): FrameworkErrorHandler {
  const headers = securityHeaders(options)
  return (error, request, reply) => {
    fillIn(reply, headers)
    handler(error, request, reply)
  }
}
