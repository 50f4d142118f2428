// The terms positions are opened on: per pair the contract_config row (multiples on offer,
// maintenance margin rate, minimum quantity; edited by operators) and the public fee parameters
// contract_open_fee_rate / contract_close_fee_rate (0.05 % each). Read per call, so an edit applies
// to the next opening at once. CONTRACT_TEST_MMR replaces every pair's rate (tests, demos); a
// multiple that would leave no room above the rate in force (1 ÷ leverage ≤ mmr) is not offered.
import type { Database } from '../db/database.ts'
import { AMOUNT_PRECISION } from '../../src/contract/spot.ts'
import { CONTRACT_FEE_PARAMS, type ContractConfig, type ContractPairConfig } from '../../src/contract/contracts.ts'
import { type Row, str } from '../db/rows.ts'
import { findPair, PAIRS, type Pair } from '../market/pairs.ts'
import { rateParam } from '../params/rate.ts'
import { leverageFits } from './logic.ts'

export const DEFAULT_CONTRACT_FEE_RATE = '0.0005'

export interface PairTerms {
  pair: Pair
  /** Offered multiples, ascending. */
  leverages: number[]
  /** The maintenance margin rate in force (the test override, else the table's). */
  mmr: string
  minQuantity: string
  /** Digits of a quantity: the base coin's AMOUNT_PRECISION. */
  quantityDigits: number
}

export interface FeeRates {
  open: string
  close: string
}

export const contractFeeRates = async (db: Database): Promise<FeeRates> => ({
  open: await rateParam(db, CONTRACT_FEE_PARAMS.open, DEFAULT_CONTRACT_FEE_RATE),
  close: await rateParam(db, CONTRACT_FEE_PARAMS.close, DEFAULT_CONTRACT_FEE_RATE),
})

/** The table's multiples as numbers, ascending and distinct (the CHECK keeps them digits and commas). */
export const parseLeverages = (text: string): number[] =>
  [...new Set(text.split(',').map(Number).filter((value) => Number.isInteger(value) && value >= 1 && value <= 1000))].toSorted((a, b) => a - b)

function termsOf(row: Row, testMmr: string | undefined): PairTerms | undefined {
  const pair = findPair(str(row, 'symbol'))
  if (!pair || pair.quote !== 'USDT') return undefined
  const mmr = testMmr ?? str(row, 'maintenance_margin_rate')
  return {
    pair,
    leverages: parseLeverages(str(row, 'leverages')).filter((leverage) => leverageFits(leverage, mmr)),
    mmr,
    minQuantity: str(row, 'min_quantity'),
    quantityDigits: AMOUNT_PRECISION[pair.base] ?? pair.amountDigits,
  }
}

/** A pair's terms by its lower-case symbol; undefined when contracts are not offered on it. */
export async function pairTerms(db: Database, symbol: string, testMmr: string | undefined): Promise<PairTerms | undefined> {
  const row = await db.get('SELECT * FROM contract_config WHERE symbol = ?', symbol)
  return row ? termsOf(row, testMmr) : undefined
}

/** Where a config row's pair stands in the catalogue; pairs it does not list come after. */
function catalogueRank(row: Row): number {
  const at = PAIRS.findIndex((pair) => pair.symbol === row.symbol)
  return at < 0 ? PAIRS.length : at
}

/**
 * The config rows in the catalogue's order of pairs (the order they are offered in), others after
 * by name: not by rowid, which PostgreSQL does not have.
 */
export async function configRows(db: Database): Promise<Row[]> {
  return (await db.all('SELECT * FROM contract_config ORDER BY symbol')).toSorted((a, b) => catalogueRank(a) - catalogueRank(b))
}

export async function allTerms(db: Database, testMmr: string | undefined): Promise<PairTerms[]> {
  return (await configRows(db))
    .map((row) => termsOf(row, testMmr))
    .filter((terms): terms is PairTerms => terms !== undefined)
}

export async function contractConfig(db: Database, testMmr: string | undefined): Promise<ContractConfig> {
  const rates = await contractFeeRates(db)
  const pairs = (await allTerms(db, testMmr)).map(
    (terms): ContractPairConfig => ({
      symbol: terms.pair.symbol,
      base: terms.pair.base,
      leverages: terms.leverages,
      maintenanceMarginRate: terms.mmr,
      minQuantity: terms.minQuantity,
    }),
  )
  return { openFeeRate: rates.open, closeFeeRate: rates.close, pairs }
}
