// What a createOrder request must be (spec §5 and issue 6): a catalogue pair, up or down, a
// duration the operator offers, and an open amount that is a plain positive decimal of at most 8
// decimals, at least MIN_AMOUNT and at least the duration's minimum. Checked before any money
// moves; each refusal is one message the app shows translated.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { SERVER_MESSAGES, type ServerMessage } from '../../src/contract/messages.ts'
import { MIN_AMOUNT } from '../../src/contract/rules.ts'
import type { SecondsConfig, SecondsTradeType } from '../../src/contract/seconds.ts'
import { TRADE_TYPES } from '../../src/contract/seconds.ts'
import { toSymbol } from '../../src/contract/market.ts'
import { type Checked, checkAmount } from '../ledger/amount-input.ts'
import { findPair, type Pair } from '../market/pairs.ts'
import { findDuration } from './config.ts'

export interface OrderFields {
  openAmount: string
  baseCoin: string
  quoteCoin: string
  positionTime: string
  tradeType: string
}

export interface OrderInput {
  pair: Pair
  tradeType: SecondsTradeType
  duration: SecondsConfig
  /** Normalized (bignumber.js toFixed). */
  openAmount: string
}

const refuse = (msg: ServerMessage) => ({ ok: false as const, msg })

/** A catalogue pair from the two coins, in any case; undefined for anything else. */
export function pairOf(baseCoin: string, quoteCoin: string): Pair | undefined {
  const [base, quote] = [baseCoin.trim(), quoteCoin.trim()]
  if (!/^[A-Za-z]{1,16}$/.test(base) || !/^[A-Za-z]{1,16}$/.test(quote)) return undefined
  return findPair(toSymbol(base, quote))
}

function tradeTypeOf(text: string): SecondsTradeType | undefined {
  if (text === String(TRADE_TYPES.up)) return TRADE_TYPES.up
  if (text === String(TRADE_TYPES.down)) return TRADE_TYPES.down
  return undefined
}

export async function checkOrder(db: Database, extraSecond: number | undefined, fields: OrderFields): Promise<Checked<OrderInput>> {
  const tradeType = tradeTypeOf(fields.tradeType)
  if (tradeType === undefined) return refuse(SERVER_MESSAGES.secondsInvalidTradeType)
  const pair = pairOf(fields.baseCoin, fields.quoteCoin)
  if (!pair) return refuse(SERVER_MESSAGES.unknownPair)
  const duration = /^\d{1,6}$/.test(fields.positionTime) ? await findDuration(db, extraSecond, Number(fields.positionTime)) : undefined
  if (!duration) return refuse(SERVER_MESSAGES.secondsUnknownDuration)
  const amount = checkAmount(fields.openAmount, { min: MIN_AMOUNT })
  if (!amount.ok) return amount
  if (new BigNumber(amount.value).isLessThan(duration.openAmountMin)) return refuse(SERVER_MESSAGES.secondsBelowDurationMinimum)
  return { ok: true, value: { pair, tradeType, duration, openAmount: amount.value } }
}
