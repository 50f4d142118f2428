// Runs a project script under Node 24 LTS. The project's tools (Lingui, Vitest, jotai) refuse
// older Node, and machines here ship Node 20: then Node 24 comes from the npm registry itself
// (the `node` package), so `npm start` and `npm test` work with nothing installed by hand.
// This file must stay runnable by old Node: plain JS, no dependencies.
import { spawnSync } from 'node:child_process'

const NODE_VERSION = '24.21.0'
const [script, ...args] = process.argv.slice(2)
if (!script) {
  console.error('usage: node scripts/with-node24.mjs <script> [args…]')
  process.exit(2)
}

const major = Number(process.versions.node.split('.')[0])
const [command, commandArgs] =
  major >= 24
    ? [process.execPath, [script, ...args]]
    : ['npx', ['-y', '-p', `node@${NODE_VERSION}`, '--', 'node', script, ...args]]

if (major < 24) console.log(`[with-node24] node ${process.versions.node} is too old; running under node@${NODE_VERSION} from npm`)
const result = spawnSync(command, commandArgs, { stdio: 'inherit' })
if (result.error) {
  console.error(`[with-node24] could not start ${command}: ${result.error.message}`)
  process.exit(1)
}
process.exit(result.status ?? 1)
