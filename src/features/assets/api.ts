// Calls of the asset screens (spec §7 /contract/contract/*, and /bb/assets/* for what the spec
// leaves unnamed). All need a session. Calls that move money take an idempotency key made by the
// caller before the first attempt, so a retry of the same tap can never move the money twice.
import type {
  AccountTypeId,
  AssetRecord,
  AssetRow,
  DepositAddress,
  ExchangeQuote,
  RecordPage,
  RecordType,
  TransferType,
  WithdrawAddress,
  WithdrawConfig,
} from '../../contract/assets.ts'
import { ASSET_PATHS, RECORD_PAGE_SIZE } from '../../contract/assets.ts'
import { LAUNCH_PATHS, type LaunchCoin } from '../../contract/launch.ts'
import { MARKET_PATHS, type MarketTopic, type PriceListAnswer } from '../../contract/market.ts'
import { SECURITY_PATHS, type SecurityOverview } from '../../contract/security.ts'
import { ApiError, postBb, postContract, postMarket, REQUEST_TIMEOUT_MS } from '../../lib/api-client'
import { isRetryableFailure, keyed } from '../../lib/idempotency'
import { enqueue, handOver, settle, watchOutbox } from '../../lib/outbox'


export const fetchAccounts = (accountType: AccountTypeId) => postContract<AssetRow[]>(ASSET_PATHS.accounts, { accountType })

export interface RecordQuery {
  pageNo: number
  currency?: string
  tradeType?: RecordType
  accountType?: AccountTypeId
}
export const fetchRecords = (query: RecordQuery) =>
  postContract<RecordPage>(ASSET_PATHS.records, { ...query, pageSize: RECORD_PAGE_SIZE })

export const transfer = (input: { amount: string; currency: string; type: TransferType }, key: string) =>
  postContract<AssetRecord | null>(ASSET_PATHS.transfer, input, keyed(key))

// ── Transfers through the outbox (architecture §5) ──────────────────────────────────────────────────
// The transfer is written to the outbox with its key before any attempt. Online, the page sends it
// at once and settles the entry on a final answer; offline, or when the answer is lost, a failed
// server or an expired session, the entry stays and the outbox sends it later: the screen shows it
// as pending. The server's key dedup makes both paths, and any replay, move the money once.
export type TransferOutcome = { queued: false; record: AssetRecord | null } | { queued: true }
export type TransferInput = { amount: string; currency: string; type: TransferType }

const keptByOutbox = (failure: unknown) =>
  isRetryableFailure(failure) || (failure instanceof ApiError && failure.kind === 'session')

export async function sendTransfer(input: TransferInput, key: string): Promise<TransferOutcome> {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false
  const call = { path: ASSET_PATHS.transfer, body: { amount: input.amount, currency: input.currency, type: String(input.type) }, key }
  try {
    await enqueue(call, offline ? 0 : REQUEST_TIMEOUT_MS + 3000)
  } catch {
    // No IndexedDB (a private window of some browsers): send directly, as without an outbox.
    return { queued: false, record: await transfer(input, key) }
  }
  if (offline) {
    await handOver(key)
    return { queued: true }
  }
  try {
    const record = await transfer(input, key)
    await settle(key)
    return { queued: false, record }
  } catch (failure) {
    if (!keptByOutbox(failure)) {
      await settle(key)
      throw failure
    }
    await handOver(key)
    return { queued: true }
  }
}

export { dismiss as dismissQueuedTransfer } from '../../lib/outbox'
export type { OutboxEntry as QueuedTransfer } from '../../lib/outbox'
export const watchQueuedTransfers = (
  onEntries: Parameters<typeof watchOutbox>[1],
  onChange?: Parameters<typeof watchOutbox>[2],
) => watchOutbox(ASSET_PATHS.transfer, onEntries, onChange)

export const fetchDepositAddress = (currency: string, chain: string) =>
  postBb<DepositAddress>(ASSET_PATHS.depositAddress, { currency, chain })

/** The proof goes as multipart with the form fields (a file cannot be form-encoded). */
export function submitDeposit(input: { currency: string; chain: string; amount: string; proof: Blob }) {
  const form = new FormData()
  form.append('currency', input.currency)
  form.append('chain', input.chain)
  form.append('amount', input.amount)
  form.append('proof', input.proof, 'proof')
  return postBb<AssetRecord>(ASSET_PATHS.deposit, form)
}

export const depositProofUrl = (recordId: string) => `${ASSET_PATHS.depositProof}?id=${encodeURIComponent(recordId)}`

export const fetchWithdrawConfig = (currency: string) => postBb<WithdrawConfig>(ASSET_PATHS.withdrawConfig, { currency })

export const withdraw = (
  input: { currency: string; chain: string; address: string; amount: string; remark: string; tradePassword: string },
  key: string,
) => postBb<AssetRecord>(ASSET_PATHS.withdraw, input, keyed(key))

export const fetchAddresses = (currency?: string) => postBb<WithdrawAddress[]>(ASSET_PATHS.addressList, { currency })

/** `tradePassword`: the fund password, which the server wants while the withdrawal allow-list is on. */
export const addAddress = (input: { currency: string; chain: string; address: string; remark: string; tradePassword?: string }) =>
  postBb<WithdrawAddress>(ASSET_PATHS.addAddress, input)

export const updateAddress = (input: { id: string; address: string; remark: string; tradePassword?: string }) =>
  postBb<WithdrawAddress>(ASSET_PATHS.updateAddress, input)

export const deleteAddress = (id: string) => postBb<null>(ASSET_PATHS.deleteAddress, { id })

// ── The withdrawal allow-list as the address book needs it (contract/security.ts) ─────────────
// Its own calls here rather than features/security's (a feature never imports another).
/** Whether the allow-list is on and how long a new address waits: the security overview's part of it. */
export const fetchAllowList = () => postBb<SecurityOverview>(SECURITY_PATHS.overview).then((overview) => overview.allowList)
/** The 6-digit code mailed when the address was added or changed → the address, now confirmed. */
export const confirmAddress = (id: string, code: string) => postBb<WithdrawAddress>(SECURITY_PATHS.confirmAddress, { id, code })
/** Mails a new code for an unconfirmed address. */
export const resendAddressCode = (id: string) => postBb<null>(SECURITY_PATHS.resendAddressCode, { id })

export const fetchExchangeQuote = (input: { from: string; to: string; amount: string }) =>
  postBb<ExchangeQuote>(ASSET_PATHS.exchangeQuote, input)

export const exchange = (input: { from: string; to: string; amount: string }, key: string) =>
  postBb<AssetRecord>(ASSET_PATHS.exchange, input, keyed(key))

// ── Prices for the converted values (spec §9: USDT 1, other coins their USDT market close) ─────
// Through the market's price list, not the market feature (a feature never imports another): the
// topic rides the shared 5 s poll (lib/sw-bridge), so every tab and screen shares one fetch.
export const PRICE_LIST_TOPIC: MarketTopic = { key: 'priceList', path: MARKET_PATHS.prices, body: {} }

export const fetchPriceList = () => postMarket<PriceListAnswer>(MARKET_PATHS.prices)

/** Every launched coin with its listing price and logo (public): a held new coin is valued at that price (src/contract/launch.ts). */
export const fetchLaunchCoins = () => postBb<LaunchCoin[]>(LAUNCH_PATHS.coins)
