// The two writes that change a spot order, each conditional on the state it was read in (status
// and filled), inside the caller's BEGIN IMMEDIATE transaction, with the money:
//   executeFill  one fill between a buyer and a seller (two users' orders, or one order and the
//                feed), each order paying the fee rate of its role stored at its placement: the
//                ledger entry (ledger/spot-fill.ts), each order's filled/fee/frozen,
//                the fill rows and the users' asset records; an order whose amount is reached ends
//                filled and gets back what it still held.
//   endOrder     an order ends (filled, or cancelled): what it still holds is unfrozen, once.
// A conditional update that changes nothing means the order moved under us: that cannot happen
// inside one transaction, so it throws and rolls everything back rather than move money twice.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { COUNTERPARTIES, FILL_ROLES, type FillRole, ORDER_SIDES, ORDER_STATUS, type OrderStatus } from '../../src/contract/spot.ts'
import { plain } from '../ledger/amount.ts'
import { unfreeze } from '../ledger/operations.ts'
import { insertRecord } from '../ledger/records.ts'
import { postSpotFill } from '../ledger/spot-fill.ts'
import { feeOf } from './logic.ts'
import { mustFindOrder, type StoredOrder } from './orders.ts'

/** A user's order on one side of a fill, or the feed's liquidity. */
export type Party = { order: StoredOrder; role: FillRole } | 'market'

export interface Fill {
  buyer: Party
  seller: Party
  price: string
  amount: BigNumber
  value: BigNumber
  /** The instant whose price this is (ms). */
  at: number
  now: number
}

const heldCurrency = (order: StoredOrder): string => (order.side === ORDER_SIDES.buy ? order.quote : order.base)

async function conditionalUpdate(db: Database, order: StoredOrder, set: string, values: (string | number | null)[]): Promise<void> {
  const changed = await db.run(`UPDATE spot_orders SET ${set} WHERE id = ? AND status = ? AND filled = ?`, ...values,
    order.id,
    order.status,
    order.filled)
  if (changed.changes !== 1) throw new Error(`spot: order ${order.id} changed during its transaction`)
}

/** Ends an order (filled or cancelled), unfreezing what it still holds; answers its new state. */
export async function endOrder(db: Database, order: StoredOrder, status: OrderStatus, now: number): Promise<StoredOrder> {
  const held = new BigNumber(order.frozen)
  if (held.isGreaterThan(0)) {
    await unfreeze(db, {
      userId: order.userId,
      accountType: ACCOUNT_TYPES.spot,
      currency: heldCurrency(order),
      amount: plain(held),
      memo: `spot order #${order.id} ${status === ORDER_STATUS.cancelled ? 'cancelled' : 'done'}`,
      now,
    })
  }
  await conditionalUpdate(db, order, `status = ?, frozen = '0', updated_at = ?`, [status, now])
  return await mustFindOrder(db, order.id)
}

async function recordFill(db: Database, order: StoredOrder, fill: Fill, fee: BigNumber, role: FillRole, entryId: number): Promise<void> {
  const buy = order.side === ORDER_SIDES.buy
  const pair = `${order.base}/${order.quote}`
  await insertRecord(db, {
    userId: order.userId,
    accountType: ACCOUNT_TYPES.spot,
    tradeType: RECORD_TYPES.spot,
    currency: buy ? order.quote : order.base,
    amount: `-${plain(buy ? fill.value.plus(fee) : fill.amount)}`,
    fee: plain(fee),
    actualArrival: plain(buy ? fill.amount : fill.value.minus(fee)),
    arrivalCurrency: buy ? order.base : order.quote,
    status: RECORD_STATUS.finished,
    what: {
      kind: 'spotFill',
      params: { orderId: String(order.id), symbol: pair, side: buy ? 'buy' : 'sell', quantity: plain(fill.amount), price: fill.price, role: role === FILL_ROLES.maker ? 'maker' : 'taker' },
    },
    entryId,
    now: fill.now,
  })
}

/** One user's side of an executed fill: the order's new numbers, its fill row, its record. */
async function applyToOrder(db: Database, party: Exclude<Party, 'market'>, other: Party, fill: Fill, fee: BigNumber, entryId: number): Promise<StoredOrder> {
  const { order, role } = party
  const spent = order.side === ORDER_SIDES.buy ? fill.value.plus(fee) : fill.amount
  const frozen = new BigNumber(order.frozen).minus(spent)
  if (frozen.isNegative()) throw new Error(`spot: order ${order.id} would spend more than it holds`)
  const filled = new BigNumber(order.filled).plus(fill.amount)
  await conditionalUpdate(db, order, 'filled = ?, filled_quote = ?, fee = ?, frozen = ?, updated_at = ?', [
    plain(filled),
    plain(new BigNumber(order.filledQuote).plus(fill.value)),
    plain(new BigNumber(order.fee).plus(fee)),
    plain(frozen),
    fill.now,
  ])
  await db.run(`INSERT INTO spot_fills (order_id, user_id, price, amount, quote_amount, fee, role, counterparty, counter_order_id, entry_id, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, order.id, order.userId, fill.price, plain(fill.amount), plain(fill.value), plain(fee), role,
    other === 'market' ? COUNTERPARTIES.market : COUNTERPARTIES.user, other === 'market' ? null : other.order.id, entryId, fill.at)
  await recordFill(db, order, fill, fee, role, entryId)
  const updated = await mustFindOrder(db, order.id)
  // A market buy has no amount to reach: the engine ends it when its budget or the book runs out.
  const complete = updated.amount !== null && filled.isEqualTo(updated.amount)
  return complete ? await endOrder(db, updated, ORDER_STATUS.filled, fill.now) : updated
}

/** An order pays the rate of its role that was in force when it was placed. */
const feeFor = (party: Party, fill: Fill): BigNumber =>
  party === 'market' ? new BigNumber(0) : feeOf(fill.value, party.role === FILL_ROLES.maker ? party.order.makerFeeRate : party.order.takerFeeRate)

/** Executes one fill; answers the new state of each user order in it (by id). */
export async function executeFill(db: Database, fill: Fill): Promise<Map<number, StoredOrder>> {
  const buyerFee = feeFor(fill.buyer, fill)
  const sellerFee = feeFor(fill.seller, fill)
  const any = fill.buyer === 'market' ? fill.seller : fill.buyer
  if (any === 'market') throw new Error('spot: a fill needs a user order')
  const { order } = any
  const entryId = await postSpotFill(db, {
    base: order.base,
    quote: order.quote,
    amount: plain(fill.amount),
    value: plain(fill.value),
    buyer: fill.buyer === 'market' ? 'market' : { userId: fill.buyer.order.userId, fee: plain(buyerFee) },
    seller: fill.seller === 'market' ? 'market' : { userId: fill.seller.order.userId, fee: plain(sellerFee) },
    memo: `spot ${order.base}/${order.quote} ${plain(fill.amount)} @ ${fill.price}`,
    now: fill.now,
  })
  const updated = new Map<number, StoredOrder>()
  if (fill.buyer !== 'market') updated.set(fill.buyer.order.id, await applyToOrder(db, fill.buyer, fill.seller, fill, buyerFee, entryId))
  if (fill.seller !== 'market') updated.set(fill.seller.order.id, await applyToOrder(db, fill.seller, fill.buyer, fill, sellerFee, entryId))
  return updated
}
