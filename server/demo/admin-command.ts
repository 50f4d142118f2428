// `npm run admin -- demo remove`: the operator's way from a demo database to one that may serve real
// users (EXCHANGE_MODE=production refuses to start while the demo account is there). remove.ts does
// the work; this file says what happened. Answers the admin tool's { out | err, exitCode } (1
// refused, 2 usage); nothing to remove is a success, so running it twice is harmless.
import type { AppContext } from '../context.ts'
import { DEMO_ACCOUNT } from '../seed.ts'
import { removeDemoAccount } from './remove.ts'

export const DEMO_USAGE = `  demo remove                          remove the demo account before EXCHANGE_MODE=production: cancel its orders,
                                       reject its pending deposits and withdrawals, give its money to the house,
                                       end its sessions; it can no longer log in (refused while positions are open)`

interface Outcome {
  out?: string
  err?: string
  exitCode: number
}

const indent = (lines: readonly string[]): string => lines.map((line) => `  ${line}`).join('\n')

async function remove(ctx: AppContext): Promise<Outcome> {
  const removal = await removeDemoAccount(ctx)
  if (removal.outcome === 'none') return { out: `nothing to remove: this database holds no demo account (${DEMO_ACCOUNT.email})`, exitCode: 0 }
  if (removal.outcome === 'refused') {
    return {
      err: `the demo account ${DEMO_ACCOUNT.email} still has what only a price or the clock can end; nothing was changed:\n${indent(removal.open)}\n` +
        `Start the server in demo mode (npm start), log in as ${DEMO_ACCOUNT.email} to close or cancel its contract positions, ` +
        'let its seconds orders settle, then run npm run admin -- demo remove again.',
      exitCode: 1,
    }
  }
  const lines = [
    `${removal.sessions} session(s) ended`,
    ...removal.ended,
    ...removal.forfeited.map(({ account, currency, amount }) => `to the house: ${amount} ${currency} (${account})`),
  ]
  return {
    out: `removed the demo account ${DEMO_ACCOUNT.email} (user #${removal.userId}, now ${removal.email}); it can no longer log in:\n${indent(lines)}\n` +
      'npm run admin -- verify checks the ledger; an EXCHANGE_MODE=production start no longer refuses this database.',
    exitCode: 0,
  }
}

export async function demoCommand(ctx: AppContext, [action, ...args]: string[]): Promise<Outcome> {
  if (action === 'remove' && args.length === 0) return await remove(ctx)
  return { err: `usage:\n${DEMO_USAGE}`, exitCode: 2 }
}
