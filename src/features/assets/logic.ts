// Pure rules of the asset screens (spec §5, §9), unit tested in tests/unit/assets-*.test.ts.

// ── Deposit, withdrawal and address book (recharge, withdrawel, address* screens) ─────────────
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { compare, dec, tryDec, type DecimalValue } from '../../lib/decimal'
import { coinText, inputAmount } from '../../lib/format'
import { collectErrors } from '../../lib/form-errors'
import { validateAmount, validateProofUploaded, validateRequired, validateTradePassword } from '../../lib/validate'
import { ACCOUNT_TYPES, accountHolds, CURRENCIES, SMALL_BALANCE_USDT, TRANSFER_TYPES, type AccountTypeId, type AssetRow, type Currency, type TransferType, type WithdrawAddress } from '../../contract/assets.ts'
import { validateTransferAmount } from '../../lib/validate'
import type { AllowListState } from '../../contract/security.ts'

/** The proof image's size limit, checked before sending so a phone does not upload 20 MB for a refusal. */
export const MAX_PROOF_MB = 5
const MAX_PROOF_BYTES = MAX_PROOF_MB * 1024 * 1024

const M = {
  // The server's own words for the same refusal (contract/messages imageType), so one catalog entry serves both.
  proofType: msg({ id: 'Please upload a PNG, JPEG or WebP image', message: 'Please upload a PNG, JPEG or WebP image' }),
  proofSize: msg`The image is too large; at most ${MAX_PROOF_MB} MB`,
  address: msg`Please choose a withdrawal address`,
  addressText: msg`Please enter the withdrawal address`,
  remark: msg`Please enter a remark`,
}

/** A coin amount as the server stated it (min, max, fee) for people: up to 8 decimals, cut, without trailing zeros, grouped. */
export const formatCoin = (value: DecimalValue | null | undefined): string => coinText(value)

// Kept here for the screens that take them from logic; the routes' searches use ./coin-search directly.
export { firstChain, parseChain, parseCurrency } from './coin-search'

/** Spec §3: for USDT the remark names the chain (TRC20 or ERC20); other coins have one chain. */
export const chainRemark = (currency: string, chain: string): string => (currency === 'USDT' ? chain : '')

/** The remark worth showing beside the chain: none when it only repeats the chain (the USDT default). */
export const extraRemark = (entry: { chain: string; remark: string }): string => (entry.remark === entry.chain ? '' : entry.remark)

/** 'TXYZab…89wxyz': both ends stay, since those are what people compare against their wallet. */
export function shortenAddress(address: string, keep = 6): string {
  return address.length <= keep * 2 + 1 ? address : `${address.slice(0, keep)}…${address.slice(-keep)}`
}

/** What arrives: amount − fee (the fee is taken from the amount), never below zero; null while the amount is not a number. */
export function receiveAmount(amount: string, fee: DecimalValue): string | null {
  const value = tryDec(amount)
  if (value === null || tryDec(fee) === null) return null
  const rest = value.minus(dec(fee))
  return rest.isNegative() ? '0' : rest.toFixed()
}

/** "Max": all of the available balance (the fee comes out of it), but no more than one withdrawal may carry. */
export function maxWithdrawal(available: DecimalValue, max: DecimalValue | null | undefined): string {
  const limit = tryDec(max)
  return limit !== null && compare(limit, available) < 0 ? limit.toFixed() : maxAmount(available)
}

// What the server decodes; phones hand HEIC photos over as JPEG when the input asks for images.
const PROOF_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp'])

/** The picked image, before anything is sent: a type the server reads, and not over the limit. */
export function checkProofFile(file: Blob): MessageDescriptor | null {
  if (!PROOF_TYPES.has(file.type)) return M.proofType
  return file.size > MAX_PROOF_BYTES ? M.proofSize : null
}

/** Recharge: an amount of at least the credited minimum, and a proof (spec §5, §9). */
export const checkDeposit = (form: { amount: string; proof: Blob | null }, minimum: string) =>
  collectErrors({
    amount: validateAmount(form.amount, { min: minimum }),
    proof: validateProofUploaded(form.proof) ?? (form.proof && checkProofFile(form.proof)),
  })

export interface WithdrawLimits {
  min: string
  max: string
  available: string | null
}

/** Withdrawal needs amount, address and remark, and the fund password (spec §5). */
export const checkWithdraw = (
  form: { addressId: string | null; amount: string; remark: string; tradePassword: string },
  limits: WithdrawLimits,
) =>
  collectErrors({
    address: form.addressId ? null : M.address,
    amount: validateAmount(form.amount, limits),
    remark: validateRequired(form.remark, M.remark),
    tradePassword: validateTradePassword(form.tradePassword),
  })

/** The address book's form: the address itself; its format per chain is the server's to judge. */
export const checkAddress = (form: { address: string }) =>
  collectErrors({ address: validateRequired(form.address, M.addressText) })

// Idempotency keys and the retry rule were lifted into lib/idempotency (seconds orders use them too).
export { isRetryableFailure, keyFor, newIdempotencyKey, type PendingKey } from '../../lib/idempotency'

// ── Asset lists, records, transfer and exchange (account, detail, record, transfer, exchange) ──

/** Spec §9: USDT counts 1, any other coin its USDT market close; null while that close is unknown. */
export function usdtPrice(currency: string, closes: Readonly<Record<string, string>>): string | null {
  if (currency === 'USDT') return '1'
  return tryDec(closes[currency]) ? (closes[currency] ?? null) : null
}

/** Spec §9: (available + frozen) × price, in USDT; null while the price is unknown. */
export function rowValue(row: AssetRow, closes: Readonly<Record<string, string>>): string | null {
  const [available, frozen] = [tryDec(row.availableCurrency), tryDec(row.frozenCurrency)]
  const price = usdtPrice(row.currencyName, closes)
  if (!available || !frozen || price === null) return null
  return available.plus(frozen).times(price).toFixed()
}

/**
 * The account's total in USDT. Null while a coin that is actually held has no price yet: a sum
 * without it would show the user less money than they have. Coins held at zero need no price.
 */
export function accountTotal(rows: readonly AssetRow[], closes: Readonly<Record<string, string>>): string | null {
  let total = dec(0)
  for (const row of rows) {
    const value = rowValue(row, closes)
    const held = dec(tryDec(row.availableCurrency) ?? 0).plus(tryDec(row.frozenCurrency) ?? 0)
    if (value === null && !held.isZero()) return null
    if (value !== null) total = total.plus(value)
  }
  return total.toFixed()
}

/** Spec §9: a balance is small when its total value is 0.1 USDT or less; an unknown value is never hidden. */
export const isSmallBalance = (value: string | null): boolean => value !== null && compare(value, SMALL_BALANCE_USDT) <= 0

/** The rows the list shows: all, or those above the small-balance threshold when the toggle is on. */
export const visibleRows = (rows: readonly AssetRow[], closes: Readonly<Record<string, string>>, hideSmall: boolean): AssetRow[] =>
  hideSmall ? rows.filter((row) => !isSmallBalance(rowValue(row, closes))) : [...rows]

/** What the eye toggle shows instead of every amount (the length says nothing about the amount). */
export const MASK = '****'
export const masked = (text: string, hidden: boolean): string => (hidden ? MASK : text)

/**
 * Spec §4 paging: page 1 replaces the list, later pages append (skipping records already shown,
 * which a new record arriving between two pages pushes along); no more once the count reaches the
 * total, or when a page comes back empty (a total that shrank must not make "load more" spin forever).
 */
export function mergePage<T extends { id: string }>(current: readonly T[], page: { list: readonly T[]; sum: number }, pageNo: number) {
  const seen = new Set(pageNo === 1 ? [] : current.map((item) => item.id))
  const list = [...(pageNo === 1 ? [] : current), ...page.list.filter((item) => !seen.has(item.id))]
  return { list, noMore: list.length >= page.sum || page.list.length === 0 }
}

/** An account id from the URL (/account/assert/{id}, ?account=): 1 spot or 2 contract, else null. */
export const parseAccountId = (value: unknown): AccountTypeId | null =>
  value === 1 || value === '1' ? ACCOUNT_TYPES.spot : value === 2 || value === '2' ? ACCOUNT_TYPES.contract : null

/** A transfer direction from the URL (/assert/transfer/{type}): 1 spot → contract, 2 contract → spot. */
export const parseTransferType = (value: unknown): TransferType | null =>
  value === 1 || value === '1' ? TRANSFER_TYPES.spotToContract : value === 2 || value === '2' ? TRANSFER_TYPES.contractToSpot : null

export const transferAccounts = (type: TransferType): { from: AccountTypeId; to: AccountTypeId } =>
  type === TRANSFER_TYPES.spotToContract
    ? { from: ACCOUNT_TYPES.spot, to: ACCOUNT_TYPES.contract }
    : { from: ACCOUNT_TYPES.contract, to: ACCOUNT_TYPES.spot }

export const reverseTransfer = (type: TransferType): TransferType =>
  type === TRANSFER_TYPES.spotToContract ? TRANSFER_TYPES.contractToSpot : TRANSFER_TYPES.spotToContract

/**
 * The coins a transfer offers: those the receiving account holds (into contract: USDT alone) and
 * the sending one holds too — or still has some of (a coin moved into the contract account before
 * it held USDT alone can always go back to spot). The server refuses the rest.
 */
export const transferCurrencies = (type: TransferType, sourceRows: readonly AssetRow[] | null): Currency[] => {
  const { from, to } = transferAccounts(type)
  return CURRENCIES.filter((currency) =>
    accountHolds(to, currency) && (accountHolds(from, currency) || compare(availableOf(sourceRows, currency) ?? '0', '0') > 0))
}

/** The available balance of `currency` in a loaded list: '0' when never held, null while not loaded. */
export const availableOf = (rows: readonly AssetRow[] | null, currency: string): string | null =>
  rows === null ? null : (rows.find((row) => row.currencyName === currency)?.availableCurrency ?? '0')

/** "Max": the whole available balance at the 8 decimals an amount may carry, cut rather than rounded up. */
export const maxAmount = (available: DecimalValue): string => inputAmount(available) || '0'

/** Spec §5: at least 0.00001 (c_a_transferTip), then no more than the source account holds. */
export const checkTransfer = (form: { amount: string }, available: string | null) =>
  collectErrors({ amount: validateTransferAmount(form.amount) ?? validateAmount(form.amount, { available }) })

const SAME_CURRENCY = msg({ id: 'Please choose two different currencies', message: 'Please choose two different currencies' })

/** Spec §5: an exchange needs an amount (within the spot balance) and two different currencies. */
export const checkExchange = (form: { from: string; to: string; amount: string }, available: string | null) =>
  collectErrors({
    to: form.from === form.to ? SAME_CURRENCY : null,
    amount: validateAmount(form.amount, { available }),
  })

/** A checked amount as the server wants it: plain digits, no stray point or leading zeros ('100.' → '100'). */
export const plainAmount = (amount: string): string => dec(amount).toFixed()

/** Whether an exchange quote can be asked for: two currencies and an amount above zero. */
export const isQuotable = (form: { from: string; to: string; amount: string }): boolean =>
  form.from !== form.to && /^\d*\.?\d+$|^\d+\.$/.test(form.amount) && !!tryDec(form.amount)?.isGreaterThan(0)

/** A fee rate as a percent for people ('0.002' → '0.2'), cut like every figure. */
export const feePercent = (feeRate: string): string => formatCoin(tryDec(feeRate)?.times(100) ?? null)

// ── The withdrawal allow-list and the address book (contract/security.ts) ──────────────────────
/** On, or turning off but not yet off: the server still sends withdrawals only to the list. Unknown (null) counts as off. */
export const isAllowListOn = (state: AllowListState | null, now: number): boolean =>
  state !== null && state.on && (state.offAt === null || state.offAt > now)

export type AddressHold = 'unconfirmed' | 'waiting'

/**
 * Why a saved address cannot take a withdrawal now, or null when it can. An unconfirmed address
 * is marked whether the allow-list is on or not (confirming it is the owner's next step); the
 * waiting time matters only while the list is on.
 */
export function addressHold(entry: Pick<WithdrawAddress, 'confirmed' | 'usableAt'>, allowListOn: boolean, now: number): AddressHold | null {
  if (!entry.confirmed) return 'unconfirmed'
  return allowListOn && entry.usableAt > now ? 'waiting' : null
}

/** Whether the server would send a withdrawal to it now: with the list off, any saved address. */
export const usableNow = (entry: Pick<WithdrawAddress, 'confirmed' | 'usableAt'>, allowListOn: boolean, now: number): boolean =>
  !allowListOn || addressHold(entry, allowListOn, now) === null
