// Helpers shared by scripts/start.mjs and scripts/test.mjs (run under Node 24, before any
// dependency is installed: node built-ins only).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)

/** Runs a command in the project root, output to the terminal; exits the process on failure. */
export function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (${seconds}s)`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${label} (${seconds}s)`)
}

/** Runs a tool from node_modules/.bin with the current (Node 24) node. */
export const runBin = (label, name, args, options) => run(label, bin(name), args, options)

/**
 * Installs dependencies when node_modules is missing or was installed from another lock file.
 * The stamp is the lock file's hash plus the Node version, so a new Node also reinstalls.
 */
export function ensureDependencies() {
  const lock = readFileSync(join(root, 'package-lock.json'))
  const want = createHash('sha256').update(lock).update(process.version).digest('hex')
  const stampFile = join(root, 'node_modules', '.install-stamp')
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === want) return
  // Not `npm ci`: npm 11 records only this platform's optional binaries (oxlint, rolldown) in the
  // lock file and then refuses its own lock in `ci`. Versions are pinned exactly in package.json and
  // the lock, and --no-save keeps both files untouched.
  run('install dependencies (npm install)', 'npm', ['install', '--no-save', '--no-audit', '--no-fund'])
  writeFileSync(stampFile, want)
}
