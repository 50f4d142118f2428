// `npm test`: everything a change can break, in order of cost — types, lint, catalogs, the build,
// Vitest (unit, screens, and the server tests twice: on a real SQLite file and on a throwaway
// PostgreSQL from Debian's package; nginx too, for the tests that kill an instance behind it),
// then the browser tests in Chromium against the built app and the real server. Ends with one
// line that counts every test.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureNginx } from './cluster-lib.mjs'
import { ensureChromium } from './ensure-chromium.mjs'
import { ensureDependencies, root, run, runBin } from './lib.mjs'
import { ensurePostgres } from './postgres-local.mjs'

const results = join(root, '.test-results')
mkdirSync(results, { recursive: true })

ensureDependencies()
runBin('type check (tsc)', 'tsc', ['-p', '.'])
runBin('type check of the service worker (tsc, WebWorker)', 'tsc', ['-p', 'sw'])
runBin('lint (oxlint, import direction of docs/architecture.md §3)', 'oxlint', ['--deny-warnings'])
// Data access is async: an un-awaited call could let a transaction commit before its work ran.
runBin('lint (oxlint --type-aware: no floating promises in the server and its tests)', 'oxlint', [
  '--type-aware', '--deny-warnings', '-A', 'all',
  '-D', 'typescript/no-floating-promises', '-D', 'typescript/no-misused-promises', '-D', 'typescript/await-thenable',
  'server', 'tests/server',
])
run('catalogs (lingui)', process.execPath, ['scripts/check-i18n.mjs'])
runBin('build the app (vite build)', 'vite', ['build', '--logLevel', 'warn'])
ensurePostgres()
// The cross-process tests put nginx in front of their server instances, as `npm run cluster` does.
ensureNginx()
const vitestJson = join(results, 'vitest.json')
runBin('unit, screen and server tests (vitest)', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`])
const chromium = ensureChromium()
const e2eTap = join(results, 'e2e.tap')
// One file at a time: two at once (each with its own server and browser) took 467 s instead of
// about 630, but on two cores the timing-bound tests (a countdown, a PDF page's paint) then failed
// now and then.
run('browser tests (node --test, Chromium)', process.execPath, [
  '--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout',
  '--test-reporter=tap', `--test-reporter-destination=${e2eTap}`, 'tests/e2e/*.test.ts',
], { env: { ...process.env, CHROMIUM_PATH: chromium } })

const vitest = JSON.parse(readFileSync(vitestJson, 'utf8'))
const tap = readFileSync(e2eTap, 'utf8')
const tapCount = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0)
const passed = vitest.numPassedTests + tapCount('pass')
const failed = vitest.numFailedTests + tapCount('fail')
// The server tests run once per engine (tests/server/engine-meta.ts marks each with its engine).
const passedOn = (engine) =>
  vitest.testResults.flatMap((file) => file.assertionResults).filter((test) => test.status === 'passed' && test.meta?.engine === engine).length
console.log(`\nvitest: ${vitest.numPassedTests} passed (server tests: ${passedOn('sqlite')} on SQLite, ${passedOn('postgres')} on PostgreSQL), e2e: ${tapCount('pass')} passed`)
console.log(`tests: ${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
