// What the market routes need from a feed. Two implementations: the simulation (sim-source.ts)
// and the Huobi proxy (huobi/source.ts). Inputs arrive validated (input.ts): a catalogue pair, a
// known period, a size in range — a source never sees a request it must refuse for its shape.
import type {
  Depth,
  DepthAnswer,
  DepthType,
  DetailsAnswer,
  DetailsByQuoteAnswer,
  KlineAnswer,
  KlinePeriod,
  MarketErrorAnswer,
  PriceListAnswer,
  QuoteCoin,
  TradesAnswer,
} from '../../src/contract/market.ts'
import type { Pair } from './pairs.ts'

export interface MarketSource {
  kline(pair: Pair, period: KlinePeriod, size: number): Promise<KlineAnswer>
  depth(pair: Pair, type: DepthType, size: number): Promise<DepthAnswer>
  trades(pair: Pair, size: number): Promise<TradesAnswer>
  details(pair: Pair): Promise<DetailsAnswer>
  detailsByQuote(quote: QuoteCoin): Promise<DetailsByQuoteAnswer>
  prices(): Promise<PriceListAnswer>
  /**
   * The pair's last price at any instant (ms), past or present, where the feed can tell: the
   * simulation can (a pure function of time, the same price the chart shows for that second);
   * the Huobi proxy cannot, so it leaves this out and seconds contracts sample prices() live.
   */
  priceAt?(pair: Pair, ms: number): string
  /**
   * The order book (step0, `size` levels a side) at any instant, where the feed can tell (the
   * simulation): spot orders fill against the depth of their own instant, also when a pass catches
   * up after a restart. The proxy leaves it out; spot then takes depth() live.
   */
  depthAt?(pair: Pair, ms: number, size: number): Depth
}

/**
 * A market call that cannot be answered with data: an invalid parameter, or (proxy mode) an
 * upstream that failed. Routes answer it in the market envelope with its HTTP status.
 */
export class MarketRefusal extends Error {
  readonly httpStatus: number
  readonly errCode: string
  constructor(httpStatus: number, errCode: string, message: string) {
    super(message)
    this.httpStatus = httpStatus
    this.errCode = errCode
  }

  toAnswer(): MarketErrorAnswer {
    return { status: 'error', 'err-code': this.errCode, 'err-msg': this.message, data: null }
  }
}
