// A new project from an operator's JSON (`npm run admin -- launch create <file.json>`) or the seed.
// Every field is checked with a message saying what is expected; the CHECKs of migration 011
// repeat the essentials. Instants are ISO 8601 texts or ms since epoch.
import { num } from '../db/rows.ts'
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { CURRENCIES } from '../../src/contract/assets.ts'
import { decimalsOf } from './logic.ts'
import { LANGUAGES, type ProjectTerms } from './projects.ts'

const DAY_MS = 86_400_000

export interface ProjectInput extends ProjectTerms {
  /** Overrides joinEnd + lockDays (the test project's lock of seconds). */
  unlockAt?: number
  descriptions: Record<string, string>
}

export type Parsed = { ok: true; value: ProjectInput } | { ok: false; error: string }

const DECIMAL = /^\d{1,15}(\.\d{1,8})?$/

function instant(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const ms = Date.parse(value)
    return Number.isFinite(ms) ? ms : undefined
  }
  return undefined
}

/** Checks an operator's project; the first problem found is the error. */
export function parseProject(json: unknown): Parsed {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, error: 'the file must hold one JSON object' }
  const o = json as Record<string, unknown>
  const text = (name: string): string => (typeof o[name] === 'string' ? (o[name] as string).trim() : '')
  const symbol = text('symbol')
  if (!/^[A-Z][A-Z0-9]{1,9}$/.test(symbol)) return { ok: false, error: 'symbol: 2 to 10 upper-case letters or digits, starting with a letter (e.g. "NOVA")' }
  if ((CURRENCIES as readonly string[]).includes(symbol)) return { ok: false, error: `symbol: ${symbol} is already a coin of the exchange` }
  const name = text('name')
  if (name.length < 1 || name.length > 40) return { ok: false, error: 'name: 1 to 40 characters' }
  const precision = o.precision
  if (typeof precision !== 'number' || !Number.isInteger(precision) || precision < 0 || precision > 8) return { ok: false, error: 'precision: a whole number of decimals from 0 to 8' }
  const amounts: Record<string, string> = {}
  for (const field of ['price', 'forSale', 'minPerUser', 'maxPerUser']) {
    const value = text(field)
    if (!DECIMAL.test(value) || !new BigNumber(value).isGreaterThan(0)) return { ok: false, error: `${field}: a positive decimal text with at most 8 decimals (e.g. "0.05")` }
    amounts[field] = new BigNumber(value).toFixed()
  }
  const { price = '', forSale = '', minPerUser = '', maxPerUser = '' } = amounts
  if (decimalsOf(price) + precision > 8) return { ok: false, error: `price: with precision ${precision} the price can have at most ${8 - precision} decimals (the cost must be exact in 8 decimals)` }
  for (const [field, value] of [['forSale', forSale], ['minPerUser', minPerUser], ['maxPerUser', maxPerUser]] as const) {
    if (decimalsOf(value) > precision) return { ok: false, error: `${field}: at most ${precision} decimals (the coin's precision)` }
  }
  if (new BigNumber(minPerUser).isGreaterThan(maxPerUser)) return { ok: false, error: 'minPerUser must not exceed maxPerUser' }
  if (new BigNumber(maxPerUser).isGreaterThan(forSale)) return { ok: false, error: 'maxPerUser must not exceed forSale' }
  const warmupStart = instant(o.warmupStart)
  const joinStart = instant(o.joinStart)
  const joinEnd = instant(o.joinEnd)
  if (warmupStart === undefined || joinStart === undefined || joinEnd === undefined) return { ok: false, error: 'warmupStart, joinStart, joinEnd: ISO 8601 instants (e.g. "2026-12-01T08:00:00Z") or ms since epoch' }
  if (!(warmupStart <= joinStart && joinStart < joinEnd)) return { ok: false, error: 'the instants must follow warmupStart ≤ joinStart < joinEnd' }
  const lockDays = o.lockDays
  if (typeof lockDays !== 'number' || !Number.isInteger(lockDays) || lockDays < 0 || lockDays > 3650) return { ok: false, error: 'lockDays: a whole number of days from 0 to 3650' }
  const descriptions = o.descriptions
  if (typeof descriptions !== 'object' || descriptions === null) return { ok: false, error: `descriptions: an object with a text for each of ${LANGUAGES.join(', ')}` }
  const texts: Record<string, string> = {}
  for (const language of LANGUAGES) {
    const value = (descriptions as Record<string, unknown>)[language]
    if (typeof value !== 'string' || value.trim() === '' || value.length > 4000) return { ok: false, error: `descriptions.${language}: a text of 1 to 4000 characters` }
    texts[language] = value.trim()
  }
  const unlockAt = instant(o.unlockAt)
  return {
    ok: true,
    value: { symbol, name, price, forSale, minPerUser, maxPerUser, precision, warmupStart, joinStart, joinEnd, lockDays, descriptions: texts, ...(unlockAt === undefined ? {} : { unlockAt }) },
  }
}

/** A hue from the symbol, so a coin's logo keeps its colour. */
const hueOf = (symbol: string): number => [...symbol].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 360, 7)

/** Inserts a checked project; undefined when the symbol is taken. */
export async function insertProject(db: Database, input: ProjectInput, now: number): Promise<number | undefined> {
  const unlockAt = input.unlockAt ?? input.joinEnd + input.lockDays * DAY_MS
  const row = await db.get(`INSERT INTO launch_projects (symbol, name, price, for_sale, min_per_user, max_per_user, precision, warmup_start, join_start,
       join_end, lock_days, unlock_at, descriptions, hue, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (symbol) DO NOTHING RETURNING id`, input.symbol, input.name, input.price, input.forSale, input.minPerUser, input.maxPerUser, input.precision,
    input.warmupStart, input.joinStart, input.joinEnd, input.lockDays, Math.max(unlockAt, input.joinEnd), JSON.stringify(input.descriptions), hueOf(input.symbol), now)
  return row ? num(row, 'id') : undefined
}
