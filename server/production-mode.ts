// EXCHANGE_MODE=production (architecture §6 "Production mode"): a server that serves real users and
// real money starts without the demo's doors, or does not start. buildServer runs two checks, each
// before anything is written, and main.ts reports a refusal and exits 1:
// - the settings (checkProductionSettings, before the database is even opened): no test or demo
//   knob, since each lets money move without an operator or outside the engines' usual terms;
// - the database (refuseDemoDatabase, before it is migrated): no demo account, whose password the
//   README publishes and whose balances could buy real users' orders. `npm run admin -- demo
//   remove` (server/demo/remove.ts) takes it out. A new database then gets no demo account either
//   (app.ts seeds only in demo mode).
// Demo mode (the default, `npm start`) runs neither check.
import type { ServerConfig } from './config.ts'
import type { Database } from './db/database.ts'
import { refuseForeignDatabase } from './db/foreign-database.ts'
import { findDemoAccount } from './demo/account.ts'
import { DEMO_ACCOUNT } from './seed.ts'

/** A production start that must not happen: the message names the setting and what to do. */
export class ProductionRefusal extends Error {}

interface Knob {
  /** As the operator wrote it. */
  setting: string
  isSet: (config: ServerConfig) => boolean
  /** Why it has no place where money is real. */
  does: string
}

export const PRODUCTION_REFUSED_KNOBS: readonly Knob[] = [
  { setting: 'DEMO_AUTO_APPROVE_SECONDS', isSet: (config) => config.demoAutoApproveSeconds !== undefined, does: 'approves deposits, withdrawals and identity verifications without an operator' },
  { setting: 'LAUNCH_TEST_PROJECT_SECONDS', isSet: (config) => config.launchTestProjectSeconds !== undefined, does: 'adds a test launchpad project on every start' },
  { setting: 'CONTRACT_TEST_MMR', isSet: (config) => config.contractTestMmr !== undefined, does: "replaces every pair's maintenance margin rate" },
  { setting: 'SECONDS_EXTRA_DURATION', isSet: (config) => config.secondsExtraDuration !== undefined, does: 'offers a seconds-contract duration nobody configured' },
  { setting: 'SPOT_FEED_LIQUIDITY=off', isSet: (config) => !config.spotFeedLiquidity, does: "keeps spot orders away from the market feed's liquidity" },
]

/** Throws ProductionRefusal when a production configuration sets a test or demo knob; demo mode passes. */
export function checkProductionSettings(config: ServerConfig): void {
  if (config.mode !== 'production') return
  const set = PRODUCTION_REFUSED_KNOBS.filter((knob) => knob.isSet(config))
  if (set.length === 0) return
  const names = set.map((knob) => knob.setting.replace(/=.*/, ''))
  throw new ProductionRefusal(
    `EXCHANGE_MODE=production does not start with test or demo settings: ${set.map((knob) => `${knob.setting} (${knob.does})`).join('; ')}. ` +
      `Unset ${names.join(', ')} (SPOT_FEED_LIQUIDITY may stay unset or on), or leave EXCHANGE_MODE unset for the demo. Nothing was written.`,
  )
}

/**
 * Throws ProductionRefusal when a production server's database holds the demo account; demo mode
 * passes. Runs before migrate(), so a refused database is left exactly as it was.
 */
export async function refuseDemoDatabase(config: ServerConfig, db: Database): Promise<void> {
  if (config.mode !== 'production') return
  // Another application's database is refused by its own check, with its own message.
  await refuseForeignDatabase(db)
  if (await findDemoAccount(db) === undefined) return
  const where = config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR'
  throw new ProductionRefusal(
    `EXCHANGE_MODE=production does not start on a database that holds the demo account ${DEMO_ACCOUNT.email}: its password is published ` +
      `and its balances could buy real users' orders. Nothing was written. Remove it first with npm run admin -- demo remove ` +
      `(with the same ${where}), then start again.`,
  )
}
