// THE MONEY OF ONE SPOT FILL (server/spot/): one balanced entry in the spot account, written in the
// caller's transaction together with the orders' new state and the fill rows.
//   buyer (a user):   frozen quote −= value + buyer's fee; available base += amount
//   seller (a user):  frozen base −= amount; available quote += value − seller's fee
//   the feed's side:  the system account 'market' takes the other leg (when it sells: base −= amount,
//                     quote += value; when it buys: base += amount, quote −= value)
//   'fees' += both fees (quote coin)
// Placing an order freezes (operations.ts freeze) what it may spend, so a fill only ever draws on
// frozen money; whatever is left when the order ends is unfrozen by the engine.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { ACCOUNT_TYPES } from '../../src/contract/assets.ts'
import { ledgerAmount } from './amount.ts'
import { type Bucket, type Posting, postEntry } from './postings.ts'

/** A user's side of a fill, or the feed's liquidity. */
export type FillParty = { userId: number; fee: string } | 'market'

export interface SpotFillMove {
  base: string
  quote: string
  /** Base coin traded, > 0. */
  amount: string
  /** price × amount in the quote coin (cut to 8 decimals), > 0. */
  value: string
  buyer: FillParty
  seller: FillParty
  memo: string
  now: number
}

const spot = (userId: number, bucket: Bucket) => ({ userId, accountType: ACCOUNT_TYPES.spot, bucket })
const market = { system: 'market' as const }

export async function postSpotFill(db: Database, move: SpotFillMove): Promise<number> {
  if (move.buyer === 'market' && move.seller === 'market') throw new Error('ledger: the feed cannot trade with itself')
  const amount = ledgerAmount(move.amount)
  const value = ledgerAmount(move.value)
  const postings: Posting[] = []
  const add = (account: Posting['account'], currency: string, delta: BigNumber) => {
    if (!delta.isZero()) postings.push({ account, currency, amount: delta })
  }
  let fees = new BigNumber(0)
  if (move.buyer === 'market') {
    add(market, move.base, amount)
    add(market, move.quote, value.negated())
  } else {
    const fee = ledgerAmount(move.buyer.fee, { allowZero: true })
    add(spot(move.buyer.userId, 'frozen'), move.quote, value.plus(fee).negated())
    add(spot(move.buyer.userId, 'available'), move.base, amount)
    fees = fees.plus(fee)
  }
  if (move.seller === 'market') {
    add(market, move.base, amount.negated())
    add(market, move.quote, value)
  } else {
    const fee = ledgerAmount(move.seller.fee, { allowZero: true })
    if (fee.isGreaterThan(value)) throw new Error('ledger: the fee exceeds the value')
    add(spot(move.seller.userId, 'frozen'), move.base, amount.negated())
    add(spot(move.seller.userId, 'available'), move.quote, value.minus(fee))
    fees = fees.plus(fee)
  }
  add({ system: 'fees' }, move.quote, fees)
  return await postEntry(db, { kind: 'spot_fill', memo: move.memo, now: move.now, postings })
}
