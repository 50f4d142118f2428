// Runs a project script under Node 24 LTS. The project's tools (Lingui, Vitest, jotai) refuse
// older Node, and machines here ship Node 20: then Node 24 comes from the npm registry itself
// (the `node` package, fetched and cached by npx), so `npm start` and `npm test` work with nothing
// installed by hand. The script runs as a direct child of this process (npx only finds the
// binary: it would not pass signals on), and a signal sent to this process alone (a process
// manager's stop, not a terminal's Ctrl-C, which reaches the whole group) is passed on, so
// `npm run cluster` never leaves its servers behind.
// This file must stay runnable by old Node: plain JS, no dependencies.
import { spawn, spawnSync } from 'node:child_process'
import { delimiter, dirname } from 'node:path'

const NODE_VERSION = '24.21.0'
const [script, ...args] = process.argv.slice(2)
if (!script) {
  console.error('usage: node scripts/with-node24.mjs <script> [args…]')
  process.exit(2)
}

/** The path of a Node 24 binary: this one, or the npm registry's `node` package's. */
function node24() {
  if (Number(process.versions.node.split('.')[0]) >= 24) return process.execPath
  console.log(`[with-node24] node ${process.versions.node} is too old; running under node@${NODE_VERSION} from npm`)
  const found = spawnSync('npx', ['-y', '-p', `node@${NODE_VERSION}`, '--', 'node', '-p', 'process.execPath'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const path = found.stdout?.trim()
  if (found.status !== 0 || !path) {
    console.error(`[with-node24] could not get node@${NODE_VERSION} from the npm registry: ${found.error?.message ?? `npx exited with ${found.status}`}`)
    process.exit(1)
  }
  return path
}

const command = node24()
// Its folder first on PATH, so that what the script starts by name (npm, npx, node) runs on it too.
const env = { ...process.env, PATH: [dirname(command), process.env.PATH].filter(Boolean).join(delimiter) }
const child = spawn(command, [script, ...args], { stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  })
}
child.once('error', (error) => {
  console.error(`[with-node24] could not start ${command}: ${error.message}`)
  process.exit(1)
})
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
