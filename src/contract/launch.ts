// The new-coin launchpad (spec §1 IDO-style subscription with warm-up, joining and lock periods,
// §2 /home/new, /home/detail, /home/join, /home/record, /home/wbook and /me/mPdf, §4 warm-up,
// joining, ended and the tags LOCKED, HOLD, SELLED, §5 the quantity and fund password messages).
// The spec leaves the paths unshown; these are ours. Every call answers the /bb envelope
// (`code: 1` ok, a refusal `code: 0` with the reason in `msg`). list, detail, coins and the white
// papers are public; subscribe, mine and sell need a session (else `code: -2`). Prices, quantities
// and amounts are plain decimal strings; instants are ms since epoch on the server's clock, and
// the list, detail and mine answers carry `serverTime` so countdowns run on it.
//
// A project sells `forSale` tokens of a new coin at `price` USDT each. Phases follow the server's
// clock: warm-up (before joinStart), joining (joinStart ≤ now < joinEnd), ended (joinEnd ≤ now);
// an operator may cancel it instead (every subscriber refunded). While joining, a user subscribes
// a quantity between minPerUser and maxPerUser (several subscriptions add up within the maximum);
// quantity × price USDT is frozen in the spot account. At joinEnd every subscription is allocated
// once: all of it when the total fits, else pro-rata per user (the user's total × forSale ÷ total,
// truncated once to the coin's precision, then spread over that user's subscriptions, so each
// still shows its own allocated and refunded; the dust stays with the project). The USDT of the
// allocation goes to the project, the rest is unfrozen back. The tokens sit frozen in the user's
// spot account (LOCKED) until unlockAt = joinEnd + lockDays, then become available (HOLD): the
// coin is then a row of the spot account like any other. A holder may sell them back to the pool
// at the listing price for a fee (SELLED once all of a subscription's tokens are sold).
//
// The assets screen: the spot account list (ASSET_PATHS.accounts, accountType 1) also has a row for
// every launched coin the user holds (available or frozen), with `currencyName` the coin's symbol,
// which is not one of CURRENCIES. LAUNCH_PATHS.coins gives each launched coin's name, logo, price
// (its listing price, which the asset totals use) and precision. Transfers, deposits, withdrawals
// and exchanges of a launched coin are refused with 'This currency is not supported'; selling it
// back to the pool is the way out.

export const LAUNCH_PATHS = {
  /** phase? (LaunchPhase; absent: all but cancelled), pageNo (1), pageSize (10, at most 50) → LaunchProjectPage (public). */
  list: '/bb/launch/list',
  /** id → LaunchProjectDetail (public; `mine` is the caller's own when logged in). */
  detail: '/bb/launch/detail',
  /**
   * id (project), quantity (tokens, at the coin's precision), tradePassword → LaunchSubscription;
   * joining only; honours `idempotency-key`.
   */
  subscribe: '/bb/launch/subscribe',
  /** projectId?, pageNo (1), pageSize (10, at most 50) → LaunchSubscriptionPage, newest first. */
  mine: '/bb/launch/mine',
  /**
   * id (subscription), quantity (tokens, at most its `sellable`), tradePassword → LaunchSale;
   * honours `idempotency-key`.
   */
  sell: '/bb/launch/sell',
  /** empty body → LaunchCoin[] of every launched coin (ended, not cancelled), public: the assets screen's prices and logos. */
  coins: '/bb/launch/coins',
  /** GET ?id=<project id>&lang=<en-US|zh-CN|ko|ja> → the project's white paper in that language (else Accept-Language, else English), application/pdf (public, cacheable). */
  paper: '/bb/launch/paper',
  /** GET /bb/launch/logo?id=<project id> → the coin's logo, image/svg+xml (public, cacheable). */
  logo: '/bb/launch/logo',
} as const

/** GET ?lang= → the platform's own white paper (the profile screen /me/mPdf), as LAUNCH_PATHS.paper for the language, application/pdf, public, cacheable. */
export const PLATFORM_WHITE_PAPER_PATH = '/bb/launch/platformPaper'

/** Test-only: seconds the short project's joining lasts (its lock ends LAUNCH_TEST_LOCK_SECONDS later). */
export const LAUNCH_TEST_ENV = 'LAUNCH_TEST_PROJECT_SECONDS'
export const LAUNCH_TEST_LOCK_SECONDS = 10

/** The fee of a sale back to the pool (params table), default 0.1 (spec §1: 10 %). */
export const LAUNCH_SALE_FEE_PARAM = 'launch_sale_fee_rate'
export const LAUNCH_SALE_FEE_DEFAULT = '0.1'
/** The burned part of the fee; the stakers get the rest (2.5 % : 7.5 % at the default rate). */
export const LAUNCH_BURN_SHARE = '0.25'

export const LAUNCH_PAGE_SIZE = 10
export const LAUNCH_MAX_PAGE_SIZE = 50

export const LAUNCH_PHASES = ['warmup', 'joining', 'ended', 'cancelled'] as const
export type LaunchPhase = (typeof LAUNCH_PHASES)[number]

/** Spec §4. null while the subscription waits for the end of joining, or when nothing was allocated. */
export const LAUNCH_TAGS = ['LOCKED', 'HOLD', 'SELLED'] as const
export type LaunchTag = (typeof LAUNCH_TAGS)[number]

/**
 * pending: USDT frozen, joining not over; allocated: tokens given (see tag); refunded: nothing
 * allocated (all unfrozen back) or the project was cancelled.
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'allocated', 'refunded'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export interface LaunchProject {
  id: string
  symbol: string
  name: string
  /** Same-origin URL of the coin's logo (LAUNCH_PATHS.logo). */
  logo: string
  /** USDT per token. */
  price: string
  forSale: string
  /** Every subscriber's quantity so far (may exceed forSale: the progress bar caps it). */
  subscribed: string
  minPerUser: string
  maxPerUser: string
  /** Decimals a quantity of the coin may have (0…8). */
  precision: number
  warmupStart: number
  joinStart: number
  joinEnd: number
  /** joinEnd + lockDays. */
  unlockAt: number
  lockDays: number
  phase: LaunchPhase
  /** In the caller's language (accept-language: en-US, zh-CN, ko, ja; else English). */
  description: string
  /** Same-origin GET URL of the white paper (LAUNCH_PATHS.paper?id=). */
  paperUrl: string
  /** What the caller subscribed so far in this project (tokens); '0' for a visitor. */
  mine: string
}

export interface LaunchProjectPage {
  list: LaunchProject[]
  sum: number
  serverTime: number
}

export interface LaunchProjectDetail {
  project: LaunchProject
  /** The sale terms, so the app shows saleQuote's figures before selling. */
  terms: LaunchSaleTerms
  serverTime: number
}

export interface LaunchSaleTerms {
  /** The whole fee as a share of the gross. */
  feeRate: string
  /** The burned part as a share of the gross (feeRate × LAUNCH_BURN_SHARE); stakers get fee − burn. */
  burnRate: string
}

export interface LaunchSubscription {
  id: string
  projectId: string
  symbol: string
  name: string
  logo: string
  price: string
  /** The project's phase now. */
  phase: LaunchPhase
  status: SubscriptionStatus
  tag: LaunchTag | null
  /** Tokens asked for. */
  quantity: string
  /** USDT frozen for them (quantity × price). */
  frozen: string
  /** Tokens given at the end of joining; null before. */
  allocated: string | null
  /** USDT unfrozen back at the end of joining (or on a cancel); null before. */
  refunded: string | null
  /** Tokens sold back to the pool so far. */
  sold: string
  /** USDT received from those sales, after fees. */
  proceeds: string
  /** USDT of fees paid on those sales. */
  fee: string
  /** Tokens that can be sold now (allocated − sold once unlocked, else '0'). */
  sellable: string
  unlockAt: number
  createdAt: number
  /** When it was allocated or refunded; null before. */
  settledAt: number | null
}

export interface LaunchSubscriptionPage {
  list: LaunchSubscription[]
  sum: number
  terms: LaunchSaleTerms
  serverTime: number
}

/** What a sale gave (saleQuote's figures, as posted) and the subscription after it. */
export interface LaunchSale extends LaunchSaleQuote {
  subscription: LaunchSubscription
}

export interface LaunchCoin {
  symbol: string
  name: string
  logo: string
  /** The listing price, USDT. */
  price: string
  precision: number
}

export interface LaunchSaleQuote {
  quantity: string
  price: string
  /** quantity × price, truncated to 8 decimals. */
  gross: string
  /** gross × feeRate, truncated to 8 decimals. */
  fee: string
  /** gross × burnRate, truncated to 8 decimals. */
  burn: string
  /** fee − burn. */
  stakers: string
  /** gross − fee: what the seller receives. */
  net: string
}

// ── The sale rule, shared by the app (the figures before confirming) and the server (the posting).
// Exact decimal arithmetic on scaled BigInts: the contract imports no library.

const SCALE = 8
const DECIMAL = /^(0|[1-9]\d{0,17})(\.\d{1,8})?$/

/** A non-negative decimal string with at most 8 decimals as units of 1e-8; null when it is not one. */
function toUnits(value: string): bigint | null {
  if (typeof value !== 'string' || !DECIMAL.test(value)) return null
  const [whole, fraction = ''] = value.split('.')
  return BigInt(whole + fraction.padEnd(SCALE, '0'))
}

function fromUnits(units: bigint): string {
  const digits = units.toString().padStart(SCALE + 1, '0')
  const whole = digits.slice(0, -SCALE)
  const fraction = digits.slice(-SCALE).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

const ONE = 10n ** BigInt(SCALE)
/** a × b in units, truncated toward zero. */
const times = (a: bigint, b: bigint): bigint => (a * b) / ONE

/** The burned share of the gross for a fee rate (rate × LAUNCH_BURN_SHARE, exact: a quarter of an 8-decimal rate has at most 10 decimals, so it is kept as a ratio). */
export function burnRate(feeRate: string): string | null {
  const rate = toUnits(feeRate)
  if (rate === null) return null
  // A quarter of an 8-decimal number fits in 10 decimals; the wire keeps it exact.
  const scaled = rate * 25n
  const digits = scaled.toString().padStart(11, '0')
  const fraction = digits.slice(-10).replace(/0+$/, '')
  const whole = digits.slice(0, -10)
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * The figures of selling `quantity` tokens at `price` with the fee rate `feeRate` (spec §1: 10 %,
 * 2.5 % burned, 7.5 % to stakers). Inputs are non-negative decimal strings with at most 8 decimals
 * and feeRate ≤ 1; null otherwise. burn + stakers = fee and net + fee = gross exactly.
 */
export function saleQuote(quantity: string, price: string, feeRate: string): LaunchSaleQuote | null {
  const q = toUnits(quantity)
  const p = toUnits(price)
  const rate = toUnits(feeRate)
  if (q === null || p === null || rate === null || rate > ONE) return null
  const gross = times(q, p)
  const fee = times(gross, rate)
  // gross × rate ÷ 4, truncated once (not the fee ÷ 4) so it equals gross × burnRate truncated.
  const burn = (gross * rate) / (ONE * 4n)
  return {
    quantity: fromUnits(q),
    price: fromUnits(p),
    gross: fromUnits(gross),
    fee: fromUnits(fee),
    burn: fromUnits(burn),
    stakers: fromUnits(fee - burn),
    net: fromUnits(gross - fee),
  }
}

// Contract ready for the screens.
