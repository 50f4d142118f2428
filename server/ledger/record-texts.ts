// What an asset record says, both ways: englishInfo writes the English summary kept in `info` (for
// operators, the admin tool and older clients) from a record's kind and parameters, and
// describeInfo reads those sentences back, which is how migration 017 turned the rows written
// before kinds existed into data (server/db/migration-steps.ts). The two are kept in step by a
// round-trip test (tests/server/record-kinds.test.ts); the app never shows `info` for a row with a
// kind: it writes its own sentence in the reader's language (src/lib/record-text.ts).
import type { FuturesNaming, RecordDescription, RecordParamsByKind } from '../../src/contract/assets.ts'

const CLOSE_WORDS = { user: 'closed', stopLoss: 'stop loss', takeProfit: 'take profit' } as const
const DEMO_REMOVED = 'the demo account was removed: returned to the house'

/** "#12 BTC/USDT long 10×": how records and memos name a position. */
export const positionName = (p: FuturesNaming): string => `#${p.positionId} ${p.symbol} ${p.direction} ${p.leverage}×`

/** '+' before a positive signed amount, as the older texts wrote it. */
const signed = (value: string): string => (value.startsWith('-') || /^[0.]*$/.test(value) ? value : `+${value}`)

/** The English summary of a record: exactly the sentence the server wrote before kinds existed. */
export function englishInfo(what: RecordDescription): string {
  switch (what.kind) {
    case 'demoCredit': return 'demo account'
    case 'demoLaunchCredit': return 'demo launch subscription'
    case 'operatorCredit': return 'credited by an operator'
    case 'demoRemoved': return DEMO_REMOVED
    case 'deposit':
    case 'withdrawal': {
      const { chain, address, reason } = what.params
      return reason ? `${chain} ${address} · ${reason}` : `${chain} ${address}`
    }
    case 'exchange': {
      const p = what.params
      return `1 ${p.from} = ${p.rate} ${p.to}; fee ${p.fee} ${p.to} (${p.feeRate})`
    }
    case 'secondsOrder': {
      const p = what.params
      return `#${p.orderId} ${p.symbol} ${p.direction} ${p.seconds}s @ ${p.price}`
    }
    case 'secondsSettled': {
      const p = what.params
      return `#${p.orderId} ${p.symbol} ${p.openPrice} → ${p.settlePrice}, profit ${signed(p.profit)}`
    }
    case 'secondsVoid': return `#${what.params.orderId} ${what.params.symbol}: no price of the due instant, amount and fee returned`
    case 'spotFill': {
      const p = what.params
      return `#${p.orderId} ${p.symbol} ${p.side} ${p.quantity} @ ${p.price} (${p.role})`
    }
    case 'futuresOpen': {
      const p = what.params
      return `${positionName(p)} ${p.quantity} ${p.entryType === 'market' ? 'opened' : 'limit'} @ ${p.price}, margin ${p.margin}`
    }
    case 'futuresEntered': return `${positionName(what.params)} ${what.params.quantity} entered @ ${what.params.price}`
    case 'futuresClose': {
      const p = what.params
      return `${positionName(p)} ${CLOSE_WORDS[p.reason]} ${p.quantity} of ${p.holding} @ ${p.price}, P/L ${signed(p.pnl)}`
    }
    case 'futuresLiquidated': {
      const p = what.params
      return `${positionName(p)} ${p.quantity} liquidated @ ${p.price}, margin ${p.margin} lost`
    }
    case 'futuresCancelled': {
      const p = what.params
      return `${positionName(p)} ${p.quantity} limit @ ${p.price} cancelled, ${p.returned} returned`
    }
    case 'futuresMargin': return `${positionName(what.params)} margin +${what.params.amount}, now ${what.params.margin}`
    case 'launchSubscribe': return `subscribe ${what.params.quantity} ${what.params.symbol} at ${what.params.price}`
    case 'launchAllocated': {
      const p = what.params
      return `allocated ${p.quantity} ${p.symbol}, locked until ${new Date(Number(p.unlockAt)).toISOString()}`
    }
    case 'launchRefund': return `refund of ${what.params.symbol} subscription`
    case 'launchCancelled': return `refund: ${what.params.symbol} was cancelled`
    case 'launchUnlocked': return `unlocked ${what.params.quantity} ${what.params.symbol}`
    case 'launchSold': {
      const p = what.params
      return `sold ${p.quantity} ${p.symbol} at ${p.price}: burn ${p.burn}, stakers ${p.stakers}`
    }
  }
}

// The pieces the sentences are made of.
const NUM = String.raw`(\d+(?:\.\d+)?)`
const SIGNED = String.raw`([+-]?\d+(?:\.\d+)?)`
const PAIR = String.raw`([A-Z0-9]+/[A-Z0-9]+)`
const COIN = String.raw`([A-Za-z0-9]+)`
const NAME = String.raw`#(\d+) ${PAIR} (long|short) (\d+)×`
const unsigned = (value: string): string => value.replace(/^\+/, '')

type Reader = (m: RegExpMatchArray) => RecordDescription | undefined
const naming = (m: RegExpMatchArray): FuturesNaming => ({ positionId: m[1]!, symbol: m[2]!, direction: m[3] as 'long' | 'short', leverage: m[4]! })
const kindOf = <K extends keyof RecordParamsByKind>(kind: K, params: RecordParamsByKind[K]) => ({ kind, params }) as RecordDescription

/** Each sentence the server has written, and what it says. The first that matches wins. */
const SENTENCES: [RegExp, Reader][] = [
  [/^demo account$/, () => kindOf('demoCredit', {})],
  [/^demo launch subscription$/, () => kindOf('demoLaunchCredit', {})],
  [/^credited by an operator$/, () => kindOf('operatorCredit', {})],
  [new RegExp(`^${DEMO_REMOVED}$`), () => kindOf('demoRemoved', {})],
  [new RegExp(`^1 ${COIN} = ${NUM} ${COIN}; fee ${NUM} ${COIN} \\(${NUM}\\)$`), (m) =>
    m[3] === m[5] ? kindOf('exchange', { from: m[1]!, rate: m[2]!, to: m[3]!, fee: m[4]!, feeRate: m[6]! }) : undefined],
  [new RegExp(`^#(\\d+) ${PAIR} (up|down) (\\d+)s @ ${NUM}$`), (m) =>
    kindOf('secondsOrder', { orderId: m[1]!, symbol: m[2]!, direction: m[3] as 'up' | 'down', seconds: m[4]!, price: m[5]! })],
  [new RegExp(`^#(\\d+) ${PAIR} ${NUM} → ${NUM}, profit ${SIGNED}$`), (m) =>
    kindOf('secondsSettled', { orderId: m[1]!, symbol: m[2]!, openPrice: m[3]!, settlePrice: m[4]!, profit: unsigned(m[5]!) })],
  [new RegExp(`^#(\\d+) ${PAIR}: no price of the due instant, amount and fee returned$`), (m) => kindOf('secondsVoid', { orderId: m[1]!, symbol: m[2]! })],
  [new RegExp(`^#(\\d+) ${PAIR} (buy|sell) ${NUM} @ ${NUM} \\((maker|taker)\\)$`), (m) =>
    kindOf('spotFill', { orderId: m[1]!, symbol: m[2]!, side: m[3] as 'buy' | 'sell', quantity: m[4]!, price: m[5]!, role: m[6] as 'maker' | 'taker' })],
  [new RegExp(`^${NAME} ${NUM} (opened|limit) @ ${NUM}, margin ${NUM}$`), (m) =>
    kindOf('futuresOpen', { ...naming(m), quantity: m[5]!, entryType: m[6] === 'opened' ? 'market' : 'limit', price: m[7]!, margin: m[8]! })],
  [new RegExp(`^${NAME} ${NUM} entered @ ${NUM}$`), (m) => kindOf('futuresEntered', { ...naming(m), quantity: m[5]!, price: m[6]! })],
  [new RegExp(`^${NAME} (closed|stop loss|take profit) ${NUM} of ${NUM} @ ${NUM}, P/L ${SIGNED}$`), (m) => {
    const reason = m[5] === 'closed' ? 'user' : m[5] === 'stop loss' ? 'stopLoss' : 'takeProfit'
    return kindOf('futuresClose', { ...naming(m), reason, quantity: m[6]!, holding: m[7]!, price: m[8]!, pnl: unsigned(m[9]!) })
  }],
  [new RegExp(`^${NAME} ${NUM} liquidated @ ${NUM}, margin ${NUM} lost$`), (m) =>
    kindOf('futuresLiquidated', { ...naming(m), quantity: m[5]!, price: m[6]!, margin: m[7]! })],
  [new RegExp(`^${NAME} ${NUM} limit @ ${NUM} cancelled, ${NUM} returned$`), (m) =>
    kindOf('futuresCancelled', { ...naming(m), quantity: m[5]!, price: m[6]!, returned: m[7]! })],
  [new RegExp(`^${NAME} margin \\+${NUM}, now ${NUM}$`), (m) => kindOf('futuresMargin', { ...naming(m), amount: m[5]!, margin: m[6]! })],
  [new RegExp(`^subscribe ${NUM} ${COIN} at ${NUM}$`), (m) => kindOf('launchSubscribe', { quantity: m[1]!, symbol: m[2]!, price: m[3]! })],
  [new RegExp(`^allocated ${NUM} ${COIN}, locked until (\\S+)$`), (m) => {
    const unlockAt = Date.parse(m[3]!)
    return Number.isNaN(unlockAt) ? undefined : kindOf('launchAllocated', { quantity: m[1]!, symbol: m[2]!, unlockAt: String(unlockAt) })
  }],
  [new RegExp(`^refund of ${COIN} subscription$`), (m) => kindOf('launchRefund', { symbol: m[1]! })],
  [new RegExp(`^refund: ${COIN} was cancelled$`), (m) => kindOf('launchCancelled', { symbol: m[1]! })],
  [new RegExp(`^unlocked ${NUM} ${COIN}$`), (m) => kindOf('launchUnlocked', { quantity: m[1]!, symbol: m[2]! })],
  [new RegExp(`^sold ${NUM} ${COIN} at ${NUM}: burn ${NUM}, stakers ${NUM}$`), (m) =>
    kindOf('launchSold', { quantity: m[1]!, symbol: m[2]!, price: m[3]!, burn: m[4]!, stakers: m[5]! })],
]

/** A deposit's or withdrawal's "CHAIN address" with the operator's reason after " · ", if any. */
const PLACE = /^(\S+) (\S+)(?: · (.+))?$/s

/**
 * What an older record's English `info` says, as a kind and parameters; undefined for a sentence
 * it does not know (that row keeps its text, shown as written). `tradeType` tells a deposit's or a
 * withdrawal's "chain address" from the other sentences.
 */
export function describeInfo(tradeType: number, info: string): RecordDescription | undefined {
  if (tradeType === 1 || tradeType === 2) {
    const m = PLACE.exec(info)
    if (!m) return undefined
    const params = { chain: m[1]!, address: m[2]!, ...(m[3] ? { reason: m[3] } : {}) }
    return tradeType === 1 ? kindOf('deposit', params) : kindOf('withdrawal', params)
  }
  for (const [pattern, read] of SENTENCES) {
    const m = pattern.exec(info)
    if (m) return read(m)
  }
  return undefined
}
