// The durations on offer (seconds_config, migration 008) and the fee rate (the public param
// contract_second_fee_rate, spec §7), read per request so that an operator's edit applies at once.
// SECONDS_EXTRA_DURATION adds one short duration for tests and demos, on the terms of the shortest
// configured one.
import type { Database } from '../db/database.ts'
import type { SecondsConfig } from '../../src/contract/seconds.ts'
import { SECONDS_FEE_PARAM } from '../../src/contract/seconds.ts'
import { num, str } from '../db/rows.ts'
import { rateParam } from '../params/rate.ts'

/** The extra duration's terms when no duration is configured at all. */
const EXTRA_FALLBACK = { incomeRate: '0.8', openAmountMin: '1' } as const

export async function listDurations(db: Database, extraSecond: number | undefined): Promise<SecondsConfig[]> {
  const configured = (await db.all('SELECT second, income_rate, open_amount_min FROM seconds_config ORDER BY second'))
    .map((row) => ({ second: num(row, 'second'), incomeRate: str(row, 'income_rate'), openAmountMin: str(row, 'open_amount_min') }))
  if (extraSecond === undefined || configured.some((entry) => entry.second === extraSecond)) return configured
  const terms = configured[0] ?? EXTRA_FALLBACK
  const extra = { second: extraSecond, incomeRate: terms.incomeRate, openAmountMin: terms.openAmountMin }
  return [...configured, extra].toSorted((a, b) => a.second - b.second)
}

export async function findDuration(db: Database, extraSecond: number | undefined, second: number): Promise<SecondsConfig | undefined> {
  return (await listDurations(db, extraSecond)).find((entry) => entry.second === second)
}

/** The fee rate, a decimal in [0, 1); 0 (the spec's default) when unset or nonsense. */
export const secondsFeeRate = async (db: Database): Promise<string> => await rateParam(db, SECONDS_FEE_PARAM, '0')
