// `npm run admin -- seconds …`: the operator's view and edit of the durations on offer
// (seconds_config). An edit applies to orders placed after it; open orders keep the rate they
// were placed at. Answers the admin tool's { out | err, exitCode } (1 refused, 2 usage).
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { DECIMALS } from '../ledger/amount.ts'
import { listDurations } from './config.ts'

export const SECONDS_USAGE = `  seconds list                         the seconds-contract durations: seconds, profit rate, minimum open amount
  seconds set <seconds> <rate> <min>   offer a duration (or change it): e.g. seconds set 60 0.85 10
  seconds remove <seconds>             stop offering a duration (open orders still settle)`

interface Outcome {
  out?: string
  err?: string
  exitCode: number
}

const usage = (): Outcome => ({ err: `usage:\n${SECONDS_USAGE}`, exitCode: 2 })
const refused = (err: string): Outcome => ({ err, exitCode: 1 })

/** A plain non-negative decimal of at most 8 decimals below `max`, normalized; else undefined. */
function decimal(text: string, max: number): string | undefined {
  if (!/^\d{1,12}(?:\.\d{1,8})?$/.test(text)) return undefined
  const value = new BigNumber(text)
  return value.isLessThan(max) && (value.decimalPlaces() ?? Infinity) <= DECIMALS ? value.toFixed() : undefined
}

const secondOf = (text: string): number | undefined => (/^\d{1,5}$/.test(text) && Number(text) >= 1 && Number(text) <= 86_400 ? Number(text) : undefined)

async function list(db: Database): Promise<Outcome> {
  const rows = await listDurations(db, undefined)
  if (rows.length === 0) return { out: 'no durations offered', exitCode: 0 }
  return { out: rows.map((row) => `${row.second}s\trate ${row.incomeRate}\tmin ${row.openAmountMin}`).join('\n'), exitCode: 0 }
}

export async function secondsCommand(db: Database, [action, ...args]: string[]): Promise<Outcome> {
  if (action === 'list' && args.length === 0) return await list(db)
  if (action === 'set' && args.length === 3) {
    const [secondText = '', rateText = '', minText = ''] = args
    const second = secondOf(secondText)
    if (second === undefined) return refused(`the duration must be whole seconds from 1 to 86400, got "${secondText}"`)
    // A rate of 10 (1000 %) is far beyond any real offer: a typo, not a product.
    const rate = decimal(rateText, 10)
    if (rate === undefined) return refused(`the profit rate must be a decimal from 0 to below 10 (0.85 = 85 %), got "${rateText}"`)
    const min = decimal(minText, 1e12)
    if (min === undefined) return refused(`the minimum must be a plain decimal of at most 8 decimals, got "${minText}"`)
    await db.run(`INSERT INTO seconds_config (second, income_rate, open_amount_min) VALUES (?, ?, ?)
       ON CONFLICT (second) DO UPDATE SET income_rate = excluded.income_rate, open_amount_min = excluded.open_amount_min`, second, rate, min)
    return { out: `offering ${second}s at rate ${rate}, minimum ${min}`, exitCode: 0 }
  }
  if (action === 'remove' && args.length === 1) {
    const second = secondOf(args[0] ?? '')
    const removed = second === undefined ? 0 : Number((await db.run('DELETE FROM seconds_config WHERE second = ?', second)).changes)
    return removed === 1 ? { out: `no longer offering ${second}s`, exitCode: 0 } : refused(`no duration of ${args[0]} seconds is offered`)
  }
  return usage()
}
