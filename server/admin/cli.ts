// The operators' tool: `npm run admin -- <command>` (commands.ts says which). It opens DATA_DIR's
// database directly — a second connection next to a running server is fine: WAL, BEGIN IMMEDIATE
// and the busy timeout serialize the writers — so it works whether the server runs or not.
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
  ctx = openAdminContext(process.env)
} catch (error) {
  console.error(`admin: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
const outcome = runCommand(ctx, command, args)
ctx.db.close()
if (outcome.out) console.log(outcome.out)
if (outcome.err) console.error(outcome.err)
process.exit(outcome.exitCode)
