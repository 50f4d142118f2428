// Calls of the leveraged contract screens (src/contract/contracts.ts; every one answers the
// /contract/contract envelope, code 1 with `data`): the terms are public, positions need a session.
// Opening, closing, cancelling and adding margin move money, and editing the stops changes what the
// pass will do: each carries the idempotency key the caller made at the first confirm, so a retry
// after a lost answer never opens (or closes) twice. The margin comes from the contract account
// (the asset calls, account type 2).
import { ACCOUNT_TYPES, ASSET_PATHS, type AssetRow } from '../../contract/assets.ts'
import type { ContractConfig, ContractPage, ContractPosition, Direction, EntryType, PositionFilter } from '../../contract/contracts.ts'
import { CONTRACT_PATHS } from '../../contract/contracts.ts'
import { postContract } from '../../lib/api-client'
import { keyed } from '../../lib/idempotency'

/** Spec §9: lists page by 10. */
export const CONTRACT_PAGE_SIZE = 10


export const fetchContractConfig = () => postContract<ContractConfig>(CONTRACT_PATHS.config)

export const fetchContractAccount = () => postContract<AssetRow[]>(ASSET_PATHS.accounts, { accountType: ACCOUNT_TYPES.contract })

/** What an opening sends; a market entry has no price, and absent stops are left out (empty values are stripped). */
export interface OpenInput {
  symbol: string
  direction: Direction
  leverage: number
  entryType: EntryType
  quantity: string
  price?: string
  stopLoss?: string
  takeProfit?: string
}
export const openPosition = (input: OpenInput, key: string) => postContract<ContractPosition>(CONTRACT_PATHS.open, input, keyed(key))

/** A pending limit entry withdrawn: what it held comes back. */
export const cancelEntry = (id: string, key: string) => postContract<ContractPosition>(CONTRACT_PATHS.cancel, { id }, keyed(key))

/** Closes `quantity` of the position, or all of it when absent. */
export const closePosition = (input: { id: string; quantity?: string }, key: string) =>
  postContract<ContractPosition>(CONTRACT_PATHS.close, input, keyed(key))

export const addMargin = (input: { id: string; amount: string }, key: string) => postContract<ContractPosition>(CONTRACT_PATHS.addMargin, input, keyed(key))

/** The stops as they should be: an absent one is removed. */
export const editStops = (input: { id: string; stopLoss?: string; takeProfit?: string }, key: string) =>
  postContract<ContractPosition>(CONTRACT_PATHS.editStops, input, keyed(key))

/** The caller's pending and holding positions of one pair (every pair when absent), newest first. */
export const fetchPositions = (symbol: string | undefined) => postContract<ContractPosition[]>(CONTRACT_PATHS.positions, { symbol })

export const fetchHistory = (status: PositionFilter, pageNo: number) =>
  postContract<ContractPage>(CONTRACT_PATHS.history, { status, pageNo, pageSize: CONTRACT_PAGE_SIZE })

export const fetchPosition = (id: string) => postContract<ContractPosition>(CONTRACT_PATHS.detail, { id })
