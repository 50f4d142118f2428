// Market calls (spec §7): public, no session needed. Every answer is in Huobi's shape with
// `status: 'ok'`; lib/api-client rejects anything else with 'error'.
import type {
  DepthAnswer,
  DetailsAnswer,
  DetailsByQuoteAnswer,
  KlineAnswer,
  KlinePeriod,
  PriceListAnswer,
  QuoteCoin,
  TradesAnswer,
} from '../../contract/market.ts'
import { DEPTH_SIZE, KLINE_SIZE, MARKET_PATHS } from '../../contract/market.ts'
import { postMarket, type RequestOptions } from '../../lib/api-client'

export const fetchDetailsByQuote = (quoteCoin: QuoteCoin, options?: RequestOptions) =>
  postMarket<DetailsByQuoteAnswer>(MARKET_PATHS.detailsByQuote, { quoteCoin }, options)

export const fetchDetails = (symbol: string, options?: RequestOptions) =>
  postMarket<DetailsAnswer>(MARKET_PATHS.details, { symbol, timer: '1day', size: 1 }, options)

export const fetchKline = (symbol: string, timer: KlinePeriod, options?: RequestOptions) =>
  postMarket<KlineAnswer>(MARKET_PATHS.kline, { symbol, timer, size: KLINE_SIZE }, options)

export const fetchDepth = (symbol: string, options?: RequestOptions) =>
  postMarket<DepthAnswer>(MARKET_PATHS.depth, { symbol, timer: 'step0', size: DEPTH_SIZE }, options)

export const fetchTrades = (symbol: string, options?: RequestOptions) =>
  postMarket<TradesAnswer>(MARKET_PATHS.trades, { symbol }, options)

export const fetchPriceList = (options?: RequestOptions) => postMarket<PriceListAnswer>(MARKET_PATHS.prices, {}, options)
