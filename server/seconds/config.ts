// The durations on offer (seconds_config, migration 008) and the fee rate (the public param
// contract_second_fee_rate, spec §7), read per request so that an operator's edit applies at once.
// SECONDS_EXTRA_DURATION adds one short duration for tests and demos, on the terms of the shortest
// configured one.
import type { DatabaseSync } from 'node:sqlite'
import type { SecondsConfig } from '../../src/contract/seconds.ts'
import { SECONDS_FEE_PARAM } from '../../src/contract/seconds.ts'
import { num, str } from '../db/rows.ts'
import { statement } from '../db/statements.ts'
import { rateParam } from '../params/rate.ts'

/** The extra duration's terms when no duration is configured at all. */
const EXTRA_FALLBACK = { incomeRate: '0.8', openAmountMin: '1' } as const

export function listDurations(db: DatabaseSync, extraSecond: number | undefined): SecondsConfig[] {
  const configured = statement(db, 'SELECT second, income_rate, open_amount_min FROM seconds_config ORDER BY second')
    .all()
    .map((row) => ({ second: num(row, 'second'), incomeRate: str(row, 'income_rate'), openAmountMin: str(row, 'open_amount_min') }))
  if (extraSecond === undefined || configured.some((entry) => entry.second === extraSecond)) return configured
  const terms = configured[0] ?? EXTRA_FALLBACK
  const extra = { second: extraSecond, incomeRate: terms.incomeRate, openAmountMin: terms.openAmountMin }
  return [...configured, extra].toSorted((a, b) => a.second - b.second)
}

export function findDuration(db: DatabaseSync, extraSecond: number | undefined, second: number): SecondsConfig | undefined {
  return listDurations(db, extraSecond).find((entry) => entry.second === second)
}

/** The fee rate, a decimal in [0, 1); 0 (the spec's default) when unset or nonsense. */
export const secondsFeeRate = (db: DatabaseSync): string => rateParam(db, SECONDS_FEE_PARAM, '0')
