// The operators' tool: `npm run admin -- <command>` (commands.ts says which). It opens DATA_DIR's
// database directly (DATA_DIR's SQLite file, or DATABASE_URL's PostgreSQL) — a second connection
// next to running servers is fine: the database serializes the writers (architecture §6
// "Storage") — so it works whether servers run or not.
import type { AppContext } from '../context.ts'
import { runCommand, USAGE } from './commands.ts'
import { openAdminContext } from './context.ts'

const [command, ...args] = process.argv.slice(2)
if (command === undefined || command === 'help' || command === '--help') {
  console.log(USAGE)
  process.exit(command === undefined ? 2 : 0)
}
let ctx: AppContext
try {
  ctx = await openAdminContext(process.env)
} catch (error) {
  console.error(`admin: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
const outcome = await runCommand(ctx, command, args)
await ctx.db.close()
if (outcome.out) console.log(outcome.out)
if (outcome.err) console.error(outcome.err)
process.exit(outcome.exitCode)
