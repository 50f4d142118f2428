// `npm run admin -- contracts …`: the operator's view and edit of the terms positions are opened on
// (contract_config, migration 010). An edit applies to positions opened after it: an open position
// keeps the maintenance margin rate and liquidation price it was opened with. A multiple is refused
// when it leaves no room above the rate (1 ÷ multiple ≤ rate: liquidated as soon as opened).
// Answers the admin tool's { out | err, exitCode } (1 refused, 2 usage).
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { AMOUNT_PRECISION } from '../../src/contract/spot.ts'
import { num, str } from '../db/rows.ts'
import { findPair } from '../market/pairs.ts'
import { leverageFits } from './logic.ts'
import { allTerms, configRows } from './terms.ts'

export const CONTRACTS_USAGE = `  contracts list                       leveraged contract terms per pair: multiples, maintenance margin rate, minimum quantity, open positions
  contracts set <pair> <multiples> <mmr> <minQty>
                                       e.g. contracts set btcusdt 1,2,5,10,20,50,100 0.005 0.001 (applies to positions opened after it)`

interface Outcome {
  out?: string
  err?: string
  exitCode: number
}

const refused = (err: string): Outcome => ({ err, exitCode: 1 })

async function list(db: Database): Promise<Outcome> {
  const open = new Map(
    (await db.all('SELECT symbol, count(*) AS n FROM contract_positions WHERE status IN (1, 2) GROUP BY symbol')).map((row) => [str(row, 'symbol'), num(row, 'n')]),
  )
  const rows = await configRows(db)
  const offered = new Map((await allTerms(db, undefined)).map((terms) => [terms.pair.symbol, terms.leverages]))
  const lines = rows.map((row) => {
    const symbol = str(row, 'symbol')
    return `${symbol}\t${offered.get(symbol)?.join(',') ?? '(not a USDT pair)'}×\tmmr ${str(row, 'maintenance_margin_rate')}\tmin ${str(row, 'min_quantity')}\t${open.get(symbol) ?? 0} open`
  })
  return { out: lines.length > 0 ? lines.join('\n') : 'no pairs offered', exitCode: 0 }
}

const RATE = /^0\.\d{1,8}$/
const QUANTITY = /^\d{1,12}(?:\.\d{1,8})?$/

async function set(db: Database, [symbolText = '', multiplesText = '', mmr = '', minQuantity = '']: string[]): Promise<Outcome> {
  const pair = findPair(symbolText.trim().toLowerCase())
  if (!pair || pair.quote !== 'USDT') return refused(`"${symbolText}" is not a USDT pair of the catalogue (e.g. btcusdt)`)
  if (!RATE.test(mmr) || !new BigNumber(mmr).isGreaterThan(0)) return refused(`maintenance margin rate "${mmr}": a rate between 0 and 1 such as 0.005`)
  const parts = multiplesText.split(',')
  const multiples = parts.map(Number)
  const ascending = multiples.every((value, i) => Number.isInteger(value) && value >= 1 && value <= 1000 && /^[1-9]\d*$/.test(parts[i] ?? '') && (i === 0 || value > (multiples[i - 1] ?? 0)))
  if (!ascending) return refused(`multiples "${multiplesText}": whole numbers from 1 to 1000, ascending, comma-separated (e.g. 1,2,5,10)`)
  const tooHigh = multiples.filter((leverage) => !leverageFits(leverage, mmr))
  if (tooHigh.length > 0) return refused(`${tooHigh.join(',')}× would be liquidated at once with a maintenance margin rate of ${mmr}`)
  const digits = AMOUNT_PRECISION[pair.base] ?? pair.amountDigits
  const min = new BigNumber(QUANTITY.test(minQuantity) ? minQuantity : 'NaN')
  if (!min.isGreaterThan(0) || (min.decimalPlaces() ?? Infinity) > digits) return refused(`minimum quantity "${minQuantity}": more than 0, at most ${digits} decimals for ${pair.base}`)
  await db.run(`INSERT INTO contract_config (symbol, leverages, maintenance_margin_rate, min_quantity) VALUES (?, ?, ?, ?)
     ON CONFLICT (symbol) DO UPDATE SET leverages = excluded.leverages, maintenance_margin_rate = excluded.maintenance_margin_rate, min_quantity = excluded.min_quantity`, pair.symbol, multiples.join(','), new BigNumber(mmr).toFixed(), min.toFixed())
  return { out: `${pair.symbol}: ${multiples.join(',')}×, maintenance margin rate ${new BigNumber(mmr).toFixed()}, minimum ${min.toFixed()} ${pair.base}`, exitCode: 0 }
}

export async function contractsCommand(db: Database, [action, ...args]: string[]): Promise<Outcome> {
  if (action === 'list' && args.length === 0) return await list(db)
  if (action === 'set' && args.length === 4) return await set(db, args)
  return { err: `usage:\n${CONTRACTS_USAGE}`, exitCode: 2 }
}
