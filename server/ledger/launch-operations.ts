// THE MONEY OPERATIONS OF THE LAUNCHPAD (server/launch/), all in the spot account. Like
// operations.ts, each writes ONE balanced entry (postings.ts) and answers its id; call them inside
// your `immediate(db, …)` transaction with the subscription's conditional update and the asset
// record. Amounts are validated decimal strings (≤ 8 decimals); zero legs are left out. 'launch' is
// the pool: it takes the USDT of allocations, issues the new coin and buys it back; a sale's fee
// goes to 'burn' and 'stakers'.
//   freezeSubscription(db, { …, usdt })                    USDT available → frozen
//   allocateSubscription(db, { …, symbol, paid, refund, tokens })
//                                                          USDT frozen −= paid + refund; available += refund;
//                                                          'launch' += paid USDT; coin frozen += tokens (locked); 'launch' −= tokens
//   refundSubscription(db, { …, usdt })                    USDT frozen → available (a cancel)
//   unlockTokens(db, { …, symbol, tokens })                coin frozen → available
//   sellTokens(db, { …, symbol, tokens, gross, burn, stakers, net })
//                                                          coin available −= tokens; 'launch' += tokens;
//                                                          'launch' −= gross USDT; available += net; 'burn' += burn; 'stakers' += stakers
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { ACCOUNT_TYPES } from '../../src/contract/assets.ts'
import { ledgerAmount } from './amount.ts'
import { type Bucket, type Posting, type PostingAccount, postEntry } from './postings.ts'

export interface LaunchMove {
  userId: number
  memo: string
  now: number
}

const USDT = 'USDT'
const spot = (userId: number, bucket: Bucket): PostingAccount => ({ userId, accountType: ACCOUNT_TYPES.spot, bucket })
const launch: PostingAccount = { system: 'launch' }

async function post(db: Database, kind: string, move: LaunchMove, legs: Array<[PostingAccount, string, BigNumber]>): Promise<number> {
  const postings: Posting[] = legs.filter(([, , amount]) => !amount.isZero()).map(([account, currency, amount]) => ({ account, currency, amount }))
  return await postEntry(db, { kind, memo: move.memo, now: move.now, postings })
}

export async function freezeSubscription(db: Database, move: LaunchMove & { usdt: string }): Promise<number> {
  const usdt = ledgerAmount(move.usdt)
  return await post(db, 'launch_subscribe', move, [
    [spot(move.userId, 'available'), USDT, usdt.negated()],
    [spot(move.userId, 'frozen'), USDT, usdt],
  ])
}

/** Null when nothing moves (cannot happen: a subscription always froze something). */
export async function allocateSubscription(db: Database, move: LaunchMove & { symbol: string; paid: string; refund: string; tokens: string }): Promise<number> {
  const paid = ledgerAmount(move.paid, { allowZero: true })
  const refund = ledgerAmount(move.refund, { allowZero: true })
  const tokens = ledgerAmount(move.tokens, { allowZero: true })
  return await post(db, 'launch_allocate', move, [
    [spot(move.userId, 'frozen'), USDT, paid.plus(refund).negated()],
    [spot(move.userId, 'available'), USDT, refund],
    [launch, USDT, paid],
    [spot(move.userId, 'frozen'), move.symbol, tokens],
    [launch, move.symbol, tokens.negated()],
  ])
}

export async function refundSubscription(db: Database, move: LaunchMove & { usdt: string }): Promise<number> {
  const usdt = ledgerAmount(move.usdt)
  return await post(db, 'launch_refund', move, [
    [spot(move.userId, 'frozen'), USDT, usdt.negated()],
    [spot(move.userId, 'available'), USDT, usdt],
  ])
}

export async function unlockTokens(db: Database, move: LaunchMove & { symbol: string; tokens: string }): Promise<number> {
  const tokens = ledgerAmount(move.tokens)
  return await post(db, 'launch_unlock', move, [
    [spot(move.userId, 'frozen'), move.symbol, tokens.negated()],
    [spot(move.userId, 'available'), move.symbol, tokens],
  ])
}

export async function sellTokens(
  db: Database,
  move: LaunchMove & { symbol: string; tokens: string; gross: string; burn: string; stakers: string; net: string },
): Promise<number> {
  const tokens = ledgerAmount(move.tokens)
  const gross = ledgerAmount(move.gross, { allowZero: true })
  const burn = ledgerAmount(move.burn, { allowZero: true })
  const stakers = ledgerAmount(move.stakers, { allowZero: true })
  const net = ledgerAmount(move.net, { allowZero: true })
  return await post(db, 'launch_sell', move, [
    [spot(move.userId, 'available'), move.symbol, tokens.negated()],
    [launch, move.symbol, tokens],
    [launch, USDT, gross.negated()],
    [spot(move.userId, 'available'), USDT, net],
    [{ system: 'burn' }, USDT, burn],
    [{ system: 'stakers' }, USDT, stakers],
  ])
}
