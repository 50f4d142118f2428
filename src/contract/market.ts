// Market calls (spec §7, under /bb/huobi/*) in the public Huobi shapes the app was written
// against. One deliberate difference: prices and amounts travel as decimal strings, never JSON
// numbers, so nothing between the feed and the screen rounds them (the Huobi adapter converts the
// upstream's numbers with String(), which is exact for what JSON carried).

export const MARKET_PATHS = {
  kline: '/bb/huobi/getKline',
  depth: '/bb/huobi/getHuobiContractDepthV2',
  trades: '/bb/huobi/getMarketTrade',
  details: '/bb/huobi/getDetails',
  detailsByQuote: '/bb/huobi/getHuobiDetailsByQuoteCoin',
  /** The market price list (spec: "path not shown"): the latest close of every pair. */
  prices: '/bb/huobi/getPriceList',
} as const

/** Quote currencies and their base coins (spec §3), in display order. */
export const PAIR_CATALOGUE = {
  USDT: ['BTC', 'ETH', 'LTC', 'EOS', 'ADA', 'XRP', 'DOGE'],
  BTC: ['ETH', 'EOS', 'LTC', 'XRP', 'ADA', 'DOGE'],
  ETH: ['EOS', 'ADA', 'DOGE'],
} as const satisfies Record<string, readonly string[]>

export type QuoteCoin = keyof typeof PAIR_CATALOGUE
export const QUOTE_COINS = Object.keys(PAIR_CATALOGUE) as QuoteCoin[]
export const DEFAULT_QUOTE: QuoteCoin = 'USDT'

/** A quote coin from untrusted input (a URL's search), or undefined. */
export const parseQuote = (value: unknown): QuoteCoin | undefined => QUOTE_COINS.find((quote) => quote === value)

/** Huobi's symbol: base plus quote, lower case (btcusdt). */
export const toSymbol = (base: string, quote: string): string => `${base}${quote}`.toLowerCase()

/** Kline periods (spec §4), in Huobi's names. */
export const KLINE_PERIODS = ['1min', '5min', '15min', '30min', '1day'] as const
export type KlinePeriod = (typeof KLINE_PERIODS)[number]
export const DEFAULT_PERIOD: KlinePeriod = '1min'
export const PERIOD_SECONDS: Record<KlinePeriod, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '1day': 86_400,
}

/** Spec §9: 2000 candles, depth 20 levels (5 in the compact view). */
export const KLINE_SIZE = 2000
export const DEPTH_SIZE = 20
export const DEPTH_COMPACT = 5

export interface Candle {
  /** Open time in seconds (spec §3: timestamp is id × 1000). */
  id: number
  open: string
  close: string
  high: string
  low: string
  /** Volume in the base coin. */
  vol: string
}

/** The rolling 24 h of a pair (Huobi market/detail tick). */
export interface Tick {
  open: string
  close: string
  high: string
  low: string
  /** 24 h volume in the base coin. */
  amount: string
  /** 24 h turnover in the quote coin. */
  vol: string
  count: number
}

/** [price, amount] */
export type DepthLevel = [string, string]

export interface Depth {
  /** Best (highest) first. */
  bids: DepthLevel[]
  /** Best (lowest) first. */
  asks: DepthLevel[]
  ts: number
}

export interface Deal {
  /** Huobi's trade-id: the inner `id` of upstream trades exceeds 2^53 and is not used. */
  'trade-id': number
  price: string
  amount: string
  direction: 'buy' | 'sell'
  ts: number
}

/** A row of getHuobiDetailsByQuoteCoin: merged into the pair list by baseCoin. */
export interface PairDetail {
  baseCoin: string
  quoteCoin: string
  symbol: string
  /** Logo URL served by the server itself. */
  logo: string
  /** Price precision of the pair (spec §3: 2 to 9 digits). */
  precision: number
  tick: Tick
}

export interface PriceListItem {
  symbol: string
  baseCoin: string
  quoteCoin: string
  close: string
}

/**
 * Kline answers list candles NEWEST FIRST, like Huobi: data[0] is the forming candle of the
 * current period, data[size - 1] the oldest. `ts` (all answers) is the time the data was taken in
 * ms: the simulated feed snapshots once per second, the Huobi proxy passes the upstream's.
 */
export interface KlineAnswer { status: 'ok'; ch: string; ts: number; data: Candle[] }
export interface DepthAnswer { status: 'ok'; ch: string; ts: number; tick: Depth }
/** Newest first, `trade-id` decreasing. */
export interface TradesAnswer { status: 'ok'; ch: string; ts: number; data: Deal[] }
export interface DetailsAnswer { status: 'ok'; ch: string; ts: number; tick: Tick }
export interface DetailsByQuoteAnswer { status: 'ok'; ts: number; data: PairDetail[] }
export interface PriceListAnswer { status: 'ok'; ts: number; data: PriceListItem[] }

/**
 * What the 5 s poll (sw/market-poll.ts) fetches: one topic per request, keyed so that every
 * screen (and, with the service worker, every tab) that wants the same data shares one fetch.
 */
export interface MarketTopic {
  key: string
  path: string
  body: Record<string, string | number>
}

/** The few newest candles fetched on each tick, merged into the 2000 loaded once. */
export const KLINE_TICK_SIZE = 2

export const marketTopics = {
  detailsByQuote: (quoteCoin: QuoteCoin): MarketTopic => ({
    key: `detailsByQuote:${quoteCoin}`,
    path: MARKET_PATHS.detailsByQuote,
    body: { quoteCoin },
  }),
  details: (symbol: string): MarketTopic => ({
    key: `details:${symbol}`,
    path: MARKET_PATHS.details,
    body: { symbol, timer: '1day', size: 1 },
  }),
  klineTail: (symbol: string, period: KlinePeriod): MarketTopic => ({
    key: `kline:${symbol}:${period}`,
    path: MARKET_PATHS.kline,
    body: { symbol, timer: period, size: KLINE_TICK_SIZE },
  }),
  depth: (symbol: string): MarketTopic => ({
    key: `depth:${symbol}`,
    path: MARKET_PATHS.depth,
    body: { symbol, timer: 'step0', size: DEPTH_SIZE },
  }),
  trades: (symbol: string): MarketTopic => ({ key: `trades:${symbol}`, path: MARKET_PATHS.trades, body: { symbol } }),
}

/** The refresh tick of spec §4. */
export const MARKET_POLL_MS = 5000

/**
 * Price precision (digits after the point) per symbol (spec §3: 2 to 9). Every price of a pair on
 * the wire is truncated to it; PairDetail.precision carries the same number.
 */
export const PAIR_PRECISION: Readonly<Record<string, number>> = {
  btcusdt: 2, ethusdt: 2, ltcusdt: 2, eosusdt: 4, adausdt: 6, xrpusdt: 5, dogeusdt: 6,
  ethbtc: 6, eosbtc: 9, ltcbtc: 6, xrpbtc: 9, adabtc: 9, dogebtc: 9,
  eoseth: 8, adaeth: 8, dogeeth: 9,
}

/** Huobi depth types for getHuobiContractDepthV2's `timer`: step0 is unmerged, stepN merges 10^N ticks. */
export const DEPTH_TYPES = ['step0', 'step1', 'step2', 'step3', 'step4', 'step5'] as const
export type DepthType = (typeof DEPTH_TYPES)[number]
export const DEFAULT_DEPTH_TYPE: DepthType = 'step0'

/** getMarketTrade: deals answered when no `size` is sent, and the most one may ask for. */
export const TRADES_SIZE = 30
export const TRADES_MAX_SIZE = 100

/** Coin logos are served by the reference server itself (GET, SVG), never by an external host. */
export const MARKET_LOGO_PATH = '/bb/huobi/logo/'
export const logoUrl = (coin: string): string => `${MARKET_LOGO_PATH}${coin.toLowerCase()}.svg`

/**
 * `err-code` of a failed market call. invalid-parameter (unknown symbol, bad period or size) comes
 * with HTTP 200 like Huobi's own; bad-request (a body that is not a form of strings) with 400;
 * upstream-* only in Huobi proxy mode (502 unreachable or nonsense, 504 too slow).
 */
export const MARKET_ERROR_CODES = {
  invalidParameter: 'invalid-parameter',
  badRequest: 'bad-request',
  notFound: 'not-found',
  tooLarge: 'request-too-large',
  upstreamUnavailable: 'upstream-unavailable',
  upstreamTimeout: 'upstream-timeout',
  serverError: 'server-error',
} as const

/** A failed market call (HTTP status as in MARKET_ERROR_CODES); the app only looks at `status`. */
export interface MarketErrorAnswer {
  status: 'error'
  'err-code': string
  'err-msg': string
  data: null
}
