// THE MONEY OPERATIONS OF LEVERAGED CONTRACTS (server/contracts/): USDT-margined, isolated margin,
// all in the contract account's quote-coin balance. Like operations.ts, each writes ONE balanced
// entry (postings.ts) and answers its id; call them inside your `immediate(db, …)` transaction
// together with the position's conditional update and the user's asset record; a balance that
// would go below zero throws InsufficientBalanceError and nothing of the entry remains. Amounts are
// validated decimal strings of at most 8 decimals; zero legs are left out of the entry.
// 'house' is the counterparty of every position and the insurance fund: it pays a profit, takes a
// loss, and takes the whole margin of a liquidated position. A loss never reaches beyond the margin.
//   openContractPosition(db, { …, margin, fee })       available −= margin + fee; frozen += margin; 'fees' += fee   (market entry)
//   holdContractEntry(db, { …, margin, fee })          available −= margin + fee; frozen += margin + fee          (a limit entry placed)
//   enterContractPosition(db, { …, fee })              frozen −= fee; 'fees' += fee                                (its limit reached)
//   releaseContractEntry(db, { …, amount })            frozen −= amount; available += amount                      (a pending entry cancelled)
//   addContractMargin(db, { …, amount })               available −= amount; frozen += amount
//   closeContractPosition(db, { …, margin, payout, fee })  frozen −= margin; available += payout; 'fees' += fee;
//                                                      'house' += margin − payout − fee (the loss it takes, or −the profit it pays)
//   liquidateContractPosition(db, { …, margin })       frozen −= margin; 'house' += margin
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { ACCOUNT_TYPES } from '../../src/contract/assets.ts'
import { ledgerAmount } from './amount.ts'
import { type Bucket, type Posting, type PostingAccount, postEntry } from './postings.ts'

export interface ContractMove {
  userId: number
  currency: string
  memo: string
  now: number
}

const contract = (userId: number, bucket: Bucket): PostingAccount => ({ userId, accountType: ACCOUNT_TYPES.contract, bucket })

/** One entry of the legs that are not zero. */
async function post(db: Database, kind: string, move: ContractMove, legs: Array<[PostingAccount, BigNumber]>): Promise<number> {
  const postings: Posting[] = legs.filter(([, amount]) => !amount.isZero()).map(([account, amount]) => ({ account, currency: move.currency, amount }))
  return await postEntry(db, { kind, memo: move.memo, now: move.now, postings })
}

export async function openContractPosition(db: Database, move: ContractMove & { margin: string; fee: string }): Promise<number> {
  const margin = ledgerAmount(move.margin)
  const fee = ledgerAmount(move.fee, { allowZero: true })
  return await post(db, 'contract_open', move, [
    [contract(move.userId, 'available'), margin.plus(fee).negated()],
    [contract(move.userId, 'frozen'), margin],
    [{ system: 'fees' }, fee],
  ])
}

export async function holdContractEntry(db: Database, move: ContractMove & { margin: string; fee: string }): Promise<number> {
  const held = ledgerAmount(move.margin).plus(ledgerAmount(move.fee, { allowZero: true }))
  return await post(db, 'contract_hold', move, [
    [contract(move.userId, 'available'), held.negated()],
    [contract(move.userId, 'frozen'), held],
  ])
}

/** The entry of a limit position: its open fee, held since placement, goes to 'fees' (none when the rate was 0). */
export async function enterContractPosition(db: Database, move: ContractMove & { fee: string }): Promise<number | null> {
  const fee = ledgerAmount(move.fee, { allowZero: true })
  if (fee.isZero()) return null
  return await post(db, 'contract_enter', move, [
    [contract(move.userId, 'frozen'), fee.negated()],
    [{ system: 'fees' }, fee],
  ])
}

export async function releaseContractEntry(db: Database, move: ContractMove & { amount: string }): Promise<number> {
  const amount = ledgerAmount(move.amount)
  return await post(db, 'contract_cancel', move, [
    [contract(move.userId, 'frozen'), amount.negated()],
    [contract(move.userId, 'available'), amount],
  ])
}

export async function addContractMargin(db: Database, move: ContractMove & { amount: string }): Promise<number> {
  const amount = ledgerAmount(move.amount)
  return await post(db, 'contract_margin', move, [
    [contract(move.userId, 'available'), amount.negated()],
    [contract(move.userId, 'frozen'), amount],
  ])
}

export async function closeContractPosition(db: Database, move: ContractMove & { margin: string; payout: string; fee: string }): Promise<number> {
  const margin = ledgerAmount(move.margin, { allowZero: true })
  const payout = ledgerAmount(move.payout, { allowZero: true })
  const fee = ledgerAmount(move.fee, { allowZero: true })
  return await post(db, 'contract_close', move, [
    [contract(move.userId, 'frozen'), margin.negated()],
    [contract(move.userId, 'available'), payout],
    [{ system: 'fees' }, fee],
    [{ system: 'house' }, margin.minus(payout).minus(fee)],
  ])
}

export async function liquidateContractPosition(db: Database, move: ContractMove & { margin: string }): Promise<number> {
  const margin = ledgerAmount(move.margin)
  return await post(db, 'contract_liquidation', move, [
    [contract(move.userId, 'frozen'), margin.negated()],
    [{ system: 'house' }, margin],
  ])
}
