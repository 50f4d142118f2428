// What an asset record says, in the reader's language: the server stores a kind and its parameters
// (src/contract/assets.ts RecordParamsByKind), this writes the sentence. Figures go through
// lib/format (grouped for the locale, trailing zeros off), times through Intl.DateTimeFormat in the
// reader's time zone. A row the server could not read (kind '') shows its `info` as written.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AssetRecord, FuturesNaming, RecordParamsByKind } from '../../contract/assets.ts'
import { coinText, formatRate, formatSigned } from '../../lib/format'


/** A share ('0.002') as a percentage ('0.2%'); the point moved by the text, never a float. */
const percentText = (share: string): string => `${coinText(`${share}e2`, 6)}%`

/** 'BTC/USDT' → ['BTC', 'USDT']. */
const coinsOf = (symbol: string): [string, string] => {
  const [base = symbol, quote = ''] = symbol.split('/')
  return [base, quote]
}

/** A date and time in the reader's language and time zone ('Dec 26, 2026, 11:29 AM'). */
export function recordTime(ms: string | number, locale: string, timeZone?: string): string {
  const date = new Date(Number(ms))
  if (Number.isNaN(date.getTime())) return String(ms)
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date)
}

const SIDES: Record<FuturesNaming['direction'], MessageDescriptor> = {
  long: msg({ message: 'long', context: 'asset record: the side of a leveraged position' }),
  short: msg({ message: 'short', context: 'asset record: the side of a leveraged position' }),
}

/** '#12 BTC/USDT long 10×': no words but the side, the same order in every language. */
function positionName(p: FuturesNaming, i18n: I18n): string {
  const side = i18n._(SIDES[p.direction] ?? SIDES.long)
  return `#${p.positionId} ${p.symbol} ${side} ${p.leverage}×`
}

function futuresText(kind: keyof RecordParamsByKind, params: Record<string, string>, i18n: I18n): string | undefined {
  const naming = params as unknown as FuturesNaming
  const name = positionName(naming, i18n)
  const [base, quote] = coinsOf(naming.symbol ?? '')
  const quantity = coinText(params.quantity)
  const price = coinText(params.price)
  switch (kind) {
    case 'futuresOpen': {
      const margin = coinText(params.margin)
      return params.entryType === 'limit'
        ? i18n._(msg`${name}: limit entry for ${quantity} ${base} at ${price}, margin ${margin} ${quote}`)
        : i18n._(msg`${name}: opened ${quantity} ${base} at ${price}, margin ${margin} ${quote}`)
    }
    case 'futuresEntered':
      return i18n._(msg`${name}: limit reached, ${quantity} ${base} entered at ${price}`)
    case 'futuresClose': {
      const p = params
      const pnl = formatSigned(p.pnl ?? '')
      if (p.reason === 'stopLoss') return i18n._(msg`${name}: stop loss closed ${quantity} ${base} at ${price}, P/L ${pnl} ${quote}`)
      if (p.reason === 'takeProfit') return i18n._(msg`${name}: take profit closed ${quantity} ${base} at ${price}, P/L ${pnl} ${quote}`)
      const holding = coinText(p.holding)
      return p.quantity === p.holding
        ? i18n._(msg`${name}: closed ${quantity} ${base} at ${price}, P/L ${pnl} ${quote}`)
        : i18n._(msg`${name}: closed ${quantity} of ${holding} ${base} at ${price}, P/L ${pnl} ${quote}`)
    }
    case 'futuresLiquidated': {
      const margin = coinText(params.margin)
      return i18n._(msg`${name}: ${quantity} ${base} liquidated at ${price}, margin of ${margin} ${quote} lost`)
    }
    case 'futuresCancelled': {
      const returned = coinText(params.returned)
      return i18n._(msg`${name}: limit entry for ${quantity} ${base} at ${price} cancelled, ${returned} ${quote} returned`)
    }
    case 'futuresMargin': {
      const amount = coinText(params.amount)
      const margin = coinText(params.margin)
      return i18n._(msg`${name}: margin +${amount} ${quote}, now ${margin} ${quote}`)
    }
    default:
      return undefined
  }
}

/** The sentence of one kind, or undefined for a kind this app does not know (a newer server's). */
function kindText(kind: keyof RecordParamsByKind, params: Record<string, string>, i18n: I18n, timeZone: string | undefined): string | undefined {
  const quantity = coinText(params.quantity)
  const price = coinText(params.price)
  const orderId = params.orderId ?? ''
  const symbol = params.symbol ?? ''
  switch (kind) {
    case 'demoCredit':
      return i18n._(msg`Demo account starting balance`)
    case 'demoLaunchCredit':
      return i18n._(msg`Demo account: the USDT of its launchpad subscription`)
    case 'operatorCredit':
      return i18n._(msg`Credited by an operator`)
    case 'demoRemoved':
      return i18n._(msg`The demo account was removed: its balance went back to the exchange`)
    case 'deposit':
    case 'withdrawal': {
      const { chain = '', address = '', reason } = params
      return reason ? i18n._(msg`${chain} ${address} · Reason: ${reason}`) : `${chain} ${address}`
    }
    case 'exchange': {
      const { from = '', to = '', rate: perFrom, fee: feeText, feeRate = '' } = params
      const rate = formatRate(perFrom, from, to)
      const fee = coinText(feeText)
      const share = percentText(feeRate)
      return i18n._(msg`Rate ${rate}; fee ${fee} ${to} (${share})`)
    }
    case 'secondsOrder': {
      const seconds = params.seconds ?? ''
      return params.direction === 'down'
        ? i18n._(msg`Order #${orderId} ${symbol}: down in ${seconds} s, from ${price}`)
        : i18n._(msg`Order #${orderId} ${symbol}: up in ${seconds} s, from ${price}`)
    }
    case 'secondsSettled': {
      const openPrice = coinText(params.openPrice)
      const settlePrice = coinText(params.settlePrice)
      const profit = formatSigned(params.profit ?? '')
      const quote = coinsOf(symbol)[1]
      return i18n._(msg`Order #${orderId} ${symbol}: ${openPrice} → ${settlePrice}, profit ${profit} ${quote}`)
    }
    case 'secondsVoid':
      return i18n._(msg`Order #${orderId} ${symbol}: no price at its due time, amount and fee returned`)
    case 'spotFill': {
      const [base] = coinsOf(symbol)
      const role = params.role === 'maker'
        ? i18n._(msg({ message: 'maker', context: 'asset record: the fill added liquidity to the book' }))
        : i18n._(msg({ message: 'taker', context: 'asset record: the fill took liquidity from the book' }))
      return params.side === 'sell'
        ? i18n._(msg`Order #${orderId} ${symbol}: sold ${quantity} ${base} at ${price} (${role})`)
        : i18n._(msg`Order #${orderId} ${symbol}: bought ${quantity} ${base} at ${price} (${role})`)
    }
    case 'launchSubscribe':
      return i18n._(msg`Subscribed for ${quantity} ${symbol} at ${price} USDT`)
    case 'launchAllocated': {
      const time = recordTime(params.unlockAt ?? '', i18n.locale, timeZone)
      return i18n._(msg`Allocated ${quantity} ${symbol}, locked until ${time}`)
    }
    case 'launchRefund':
      return i18n._(msg`The USDT of the ${symbol} subscription not allocated, returned`)
    case 'launchCancelled':
      return i18n._(msg`Refund: ${symbol} was cancelled`)
    case 'launchUnlocked':
      return i18n._(msg`${quantity} ${symbol} unlocked`)
    case 'launchSold': {
      const burn = coinText(params.burn)
      const stakers = coinText(params.stakers)
      return i18n._(msg`Sold ${quantity} ${symbol} at ${price} USDT; of the fee, ${burn} USDT burned and ${stakers} USDT to stakers`)
    }
    default:
      return futuresText(kind, params, i18n)
  }
}

/**
 * A record's words in the reader's language ('' when it has none). `timeZone` (IANA) is the
 * device's when absent.
 */
export function recordText(record: Pick<AssetRecord, 'kind' | 'params' | 'info'>, i18n: I18n, timeZone?: string): string {
  // A page cached from a server older than kinds has none: its text is all there is.
  if (!record.kind) return record.info
  return kindText(record.kind, record.params ?? {}, i18n, timeZone) ?? record.info
}
