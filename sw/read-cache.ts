// API reads, network first within a short budget, else the copy stored in IndexedDB marked stale
// (architecture §5). Every successful read is stored as it passes, also when it arrives after the budget
// (the page was already answered from storage) but before the client's 12 s limit. Private reads
// are stored and answered only for the user the request's own token is bound to (sw/db.ts), so
// one user is never answered from another's entry. No worker globals here (sw/api-cache.ts wires
// it to the fetch and message events), so it is unit tested in node.
import { TOKEN_HEADER } from '../src/contract/envelopes.ts'
import { bindSession, forgetUser, getAnswer, putAnswer, userOfToken, type NovaexDb } from './db.ts'
import {
  cacheKey, canonicalBody, hashToken, isSuccess, missResponse, NETWORK_BUDGET_MS, NETWORK_LIMIT_MS, scopeOf, storedResponse,
  type ReadRule,
} from './read-rules.ts'

export interface ApiCacheOptions {
  db: NovaexDb
  fetch: (request: Request) => Promise<Response>
  budgetMs?: number
  limitMs?: number
  now?: () => number
}

export type Extend = (promise: Promise<unknown>) => void

export interface ApiCache {
  /** Answers one read of `rule`; `extend` keeps the worker alive for the store after the answer. */
  handle(request: Request, rule: ReadRule, extend: Extend): Promise<Response>
  /** The page's session: private reads with this token are this user's. */
  bind(userId: string, token: string): Promise<void>
  forget(userId: string): Promise<number>
}

const wait = (ms: number) => new Promise<'late'>((resolve) => setTimeout(resolve, ms, 'late'))

export function createApiCache(options: ApiCacheOptions): ApiCache {
  const { db, budgetMs = NETWORK_BUDGET_MS, limitMs = NETWORK_LIMIT_MS, now = Date.now } = options
  // A read right after sign-in must see the binding the page posted just before it.
  let binding: Promise<unknown> = Promise.resolve()

  async function ownerOf(request: Request): Promise<{ userId: string; tokenHash: string } | undefined> {
    const token = request.headers.get(TOKEN_HEADER)
    if (!token) return undefined
    await binding.catch(() => undefined)
    const tokenHash = await hashToken(token)
    const userId = await userOfToken(db, tokenHash)
    return userId ? { userId, tokenHash } : undefined
  }

  async function store(response: Response, rule: ReadRule, key: string, body: string, owner?: { userId: string; tokenHash: string }) {
    if (response.status !== 200) return
    const json = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(json)
    } catch {
      return
    }
    if (!isSuccess(rule.group, parsed)) return
    const userId = owner?.userId ?? ''
    await putAnswer(db, { key, userId, path: rule.path, body, json, storedAt: now() }, owner?.tokenHash)
  }

  return {
    async handle(request, rule, extend) {
      const form = rule.method === 'GET' ? new URL(request.url).search.slice(1) : await request.clone().text()
      const body = canonicalBody(form)
      const scope = scopeOf(rule, request.headers)
      const owner = scope === 'private' ? await ownerOf(request) : undefined
      // A private read of a token no user is bound to goes to the network and is never stored.
      const key = scope === 'public' ? cacheKey('', rule.path, body) : owner ? cacheKey(owner.userId, rule.path, body) : undefined

      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(limitMs)])
      const network = options.fetch(
        new Request(request.url, { method: request.method, headers: request.headers, body: rule.method === 'POST' ? form : undefined, signal }),
      )
      const stored = network.then((response) => (key ? store(response.clone(), rule, key, body, owner) : undefined))
      extend(stored.catch(() => undefined))
      if (!key) return network.catch(() => missResponse(rule.group))

      const first = await Promise.race([network.then((response) => response, () => 'failed' as const), wait(budgetMs)])
      if (first instanceof Response && first.status < 500) return first
      const copy = await getAnswer(db, key).catch(() => undefined)
      if (copy) return storedResponse(copy.json, copy.storedAt)
      if (first instanceof Response) return first
      // Too slow and nothing stored: keep waiting for the network, up to the client's limit.
      return first === 'late' ? network.catch(() => missResponse(rule.group)) : missResponse(rule.group)
    },
    bind(userId, token) {
      const done = hashToken(token).then((tokenHash) => bindSession(db, tokenHash, userId, now()))
      binding = done
      return done
    },
    forget: (userId) => forgetUser(db, userId),
  }
}

