// Which API calls the worker may answer from IndexedDB, and how (architecture §5): pure rules, no
// worker globals, so they are unit tested in node. Only reads are listed: a write (login, transfer,
// withdraw, orders, addresses…) is never stored and never answered from storage.
import { ASSET_PATHS } from '../src/contract/assets.ts'
import { CONTRACT_PATHS } from '../src/contract/contracts.ts'
import { BB_FAIL, BB_OK, SECOND_OK, TOKEN_HEADER } from '../src/contract/envelopes.ts'
import { LAUNCH_PATHS, PLATFORM_WHITE_PAPER_PATH } from '../src/contract/launch.ts'
import { MARKET_PATHS } from '../src/contract/market.ts'
import { PROFILE_PATHS } from '../src/contract/profile.ts'
import { CACHE_HEADER, CACHE_SOURCES, OFFLINE_MISS_MESSAGE, STORED_AT_HEADER } from '../src/contract/offline.ts'
import { SECONDS_PATHS } from '../src/contract/seconds.ts'
import { SPOT_PATHS } from '../src/contract/spot.ts'
import { USER_PATHS } from '../src/contract/user.ts'

/** How long a read waits for the network before a stored copy is answered instead. */
export const NETWORK_BUDGET_MS = 3000
/** The client's own timeout (spec §9): a slow answer still arriving before it is stored. */
export const NETWORK_LIMIT_MS = 12_000

/** The envelope family of a path (spec §7), which says what success is and what a refusal looks like. */
export type Group = 'market' | 'bb' | 'second'
/**
 * viewer: an answer everyone may read that also carries the caller's own figures when signed in
 * (a launch project's `mine`): stored per user with a session, for everyone without one.
 */
export type Scope = 'public' | 'private' | 'viewer'

export interface ReadRule {
  path: string
  scope: Scope
  group: Group
  method: 'POST' | 'GET'
}

const market = (path: string): ReadRule => ({ path, scope: 'public', group: 'market', method: 'POST' })
const rule = (path: string, scope: Scope, group: Group = 'bb', method: 'POST' | 'GET' = 'POST'): ReadRule => ({ path, scope, group, method })

export const READ_RULES: readonly ReadRule[] = [
  ...Object.values(MARKET_PATHS).map(market),
  rule(USER_PATHS.getParam, 'public'),
  rule(USER_PATHS.getParamList, 'public', 'bb', 'GET'),
  rule(SECONDS_PATHS.config, 'public', 'second'),
  rule(SPOT_PATHS.config, 'public'),
  rule(SPOT_PATHS.book, 'public'),
  rule(CONTRACT_PATHS.config, 'public'),
  rule(USER_PATHS.info, 'private'),
  rule(ASSET_PATHS.accounts, 'private'),
  rule(ASSET_PATHS.records, 'private'),
  rule(ASSET_PATHS.addressList, 'private'),
  rule(ASSET_PATHS.withdrawConfig, 'private'),
  rule(ASSET_PATHS.depositAddress, 'private'),
  rule(SECONDS_PATHS.records, 'private', 'second'),
  rule(SECONDS_PATHS.recordById, 'private', 'second'),
  rule(SPOT_PATHS.openOrders, 'private'),
  rule(SPOT_PATHS.history, 'private'),
  rule(SPOT_PATHS.order, 'private'),
  rule(CONTRACT_PATHS.positions, 'private'),
  rule(CONTRACT_PATHS.history, 'private'),
  rule(CONTRACT_PATHS.detail, 'private'),
  rule(LAUNCH_PATHS.list, 'viewer'),
  rule(LAUNCH_PATHS.detail, 'viewer'),
  rule(LAUNCH_PATHS.coins, 'public'),
  rule(LAUNCH_PATHS.mine, 'private'),
  // The profile's reads; a message's detail is left out: opening it marks it read.
  rule(PROFILE_PATHS.kycStatus, 'private'),
  rule(PROFILE_PATHS.invitees, 'private'),
  rule(PROFILE_PATHS.messages, 'private'),
  rule(PROFILE_PATHS.unread, 'private'),
  rule(PROFILE_PATHS.bankCard, 'private'),
]
const byPath = new Map(READ_RULES.map((entry) => [entry.path, entry]))

/** The rule of a same-origin request, or undefined for everything the worker leaves alone. */
export function readRuleFor(url: URL, method: string, origin: string): ReadRule | undefined {
  if (url.origin !== origin) return undefined
  const found = byPath.get(url.pathname)
  return found?.method === method ? found : undefined
}

/** The scope a request of `rule` is stored under: a viewer read is private when it carries a session. */
export function scopeOf(readRule: ReadRule, headers: Headers): 'public' | 'private' {
  if (readRule.scope !== 'viewer') return readRule.scope
  return headers.get(TOKEN_HEADER) ? 'private' : 'public'
}

// The launchpad's files (white papers, coin logos): public GETs of binary answers, which the JSON
// read cache cannot hold; sw/paper-cache.ts keeps them in Cache Storage instead.
const LAUNCH_FILES = new Set<string>([LAUNCH_PATHS.paper, LAUNCH_PATHS.logo, PLATFORM_WHITE_PAPER_PATH])

/** A same-origin GET of a white paper or a coin logo. */
export const isPaperRequest = (url: URL, method: string, origin: string): boolean =>
  url.origin === origin && method === 'GET' && LAUNCH_FILES.has(url.pathname)

/** pdf.js's worker script of the build (`<base>assets/pdf.worker.min-<hash>.mjs`), loaded when a paper is first read. */
export const isPdfWorkerRequest = (url: URL, method: string, origin: string, base: string): boolean =>
  url.origin === origin && method === 'GET' && url.pathname.startsWith(`${base}assets/pdf.worker`) && url.pathname.endsWith('.mjs')

// The session token travels in the body of /bb/user/info too: it is no part of what is asked, and
// must not be written to storage.
const NOT_KEYED = new Set(['token'])

/** The form body (or query) in a stable order, without credentials. */
export function canonicalBody(form: string): string {
  const params = new URLSearchParams(form)
  const kept = [...params].filter(([name]) => !NOT_KEYED.has(name)).toSorted(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
  return new URLSearchParams(kept).toString()
}

/** One entry per user, path and question: `u:<userId>|<path>?<body>`; public entries have no user. */
export const cacheKey = (userId: string, path: string, body: string): string => `u:${userId}|${path}?${body}`

/** Whether an answer says success in its group's envelope (only those are stored). */
export function isSuccess(group: Group, json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false
  const body = json as Record<string, unknown>
  if (group === 'market') return body.status === 'ok'
  return body.code === (group === 'second' ? SECOND_OK : BB_OK)
}

const JSON_TYPE = 'application/json; charset=utf-8'

/** A stored copy, marked so the page can say "offline · data as of …". */
export const storedResponse = (json: string, storedAt: number): Response =>
  new Response(json, {
    status: 200,
    headers: { 'content-type': JSON_TYPE, [CACHE_HEADER]: CACHE_SOURCES.offline, [STORED_AT_HEADER]: String(storedAt) },
  })

/** Offline with nothing stored: a 503 in the group's envelope that says so. */
export function missResponse(group: Group): Response {
  const body =
    group === 'market'
      ? { status: 'error', 'err-code': 'offline', 'err-msg': OFFLINE_MISS_MESSAGE, data: null }
      : { code: BB_FAIL, msg: OFFLINE_MISS_MESSAGE, [group === 'second' ? 'result' : 'data']: null }
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { 'content-type': JSON_TYPE, [CACHE_HEADER]: CACHE_SOURCES.miss },
  })
}

/** Hex SHA-256 of a token: what `sessions` stores instead of the token. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
