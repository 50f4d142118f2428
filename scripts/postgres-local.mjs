// A throwaway or local PostgreSQL server from Debian's package, for `npm test` (every server test
// also runs on PostgreSQL) and `npm run cluster`. Finds the package's binaries, installs them with
// apt-get when running as root and they are missing (as the browser tests do for Chromium), and
// runs the server as the `postgres` user the package creates, because PostgreSQL refuses to run
// as root. It listens on 127.0.0.1 only, with trust authentication for local connections: a
// database for one machine's tests and demos, not a production setup (see the README's operations).
import { spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const PG_LIB = '/usr/lib/postgresql'

/** The directory of the newest installed PostgreSQL's server binaries, or undefined. */
function findBinaries() {
  if (!existsSync(PG_LIB)) return undefined
  const versions = readdirSync(PG_LIB).filter((name) => /^\d+$/.test(name)).toSorted((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const bin = join(PG_LIB, version, 'bin')
    if (existsSync(join(bin, 'pg_ctl')) && existsSync(join(bin, 'initdb'))) return bin
  }
  return undefined
}

const isRoot = () => process.getuid?.() === 0

export function ensurePostgres() {
  const found = findBinaries()
  if (found) return found
  if (isRoot() && existsSync('/usr/bin/apt-get')) {
    console.log(`\n▶ install Debian's postgresql for the PostgreSQL runs (apt-get)`)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'postgresql']]) spawnSync('apt-get', args, { stdio: 'inherit', env })
    const installed = findBinaries()
    if (installed) return installed
  }
  throw new Error(
    "PostgreSQL's server binaries were not found under /usr/lib/postgresql. Install Debian's package " +
      '(as root: apt-get update && apt-get install -y postgresql) and run the command again.',
  )
}

/** Runs a PostgreSQL binary as the postgres user when we are root, else as ourselves. */
function runAs(bin, args, options = {}) {
  const [command, commandArgs] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', ...options })
  if (result.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`)
  return result.stdout
}

/** The same, without blocking the event loop (a test keeps its requests going meanwhile). */
function runAsAsync(bin, args) {
  const [command, commandArgs] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${bin} ${args.join(' ')} failed (${code}): ${output}`))))
  })
}

/** A directory the postgres user may own (as root, the data dir must belong to it). */
function prepareDir(dir) {
  mkdirSync(dir, { recursive: true })
  if (isRoot()) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim())
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim())
    chownSync(dir, uid, gid)
    // Owning it is not enough when a folder above it is private to root (/root, a mkdtemp folder).
    if (spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-w', dir]).status !== 0) {
      throw new Error(
        `PostgreSQL runs as the postgres user, which cannot reach ${dir}: a folder above it is private ` +
          '(e.g. /root). Set DATA_DIR to a folder it can reach, such as /var/tmp/exchange-cluster.',
      )
    }
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `dir` on 127.0.0.1:`port`, with a
 * database `exchange`. Answers its URL (for DATABASE_URL) and a stop function. `tuning` trades
 * durability for speed where the data is throwaway (the tests).
 */
export function startPostgres({ dir, port, throwaway = false, maxConnections = 200, log = console.log }) {
  const bin = ensurePostgres()
  const data = join(dir, 'pgdata')
  if (!existsSync(join(data, 'PG_VERSION'))) {
    prepareDir(dir)
    prepareDir(data)
    log(`initialising PostgreSQL in ${data}`)
    runAs(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'])
  }
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-c port=${port}`,
    `-c unix_socket_directories=''`,
    `-c max_connections=${maxConnections}`,
    // Room for the predicate locks of many concurrent serializable transactions.
    `-c max_pred_locks_per_transaction=256`,
    ...(throwaway ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
  ].join(' ')
  const startArgs = ['-D', data, '-l', join(data, 'server.log'), '-o', settings, '-w', '-t', '60']
  runAs(join(bin, 'pg_ctl'), [...startArgs, 'start'])
  const url = `postgres://postgres@127.0.0.1:${port}/exchange`
  const psql = (sql, database = 'postgres') =>
    spawnSync(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { encoding: 'utf8' })
  const exists = psql("SELECT 1 FROM pg_database WHERE datname = 'exchange'")
  if (exists.stdout.trim() !== '1') {
    const created = psql('CREATE DATABASE exchange')
    if (created.status !== 0) throw new Error(`could not create the database: ${created.stderr}`)
  }
  let stopped = false
  return {
    url,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    bin,
    psql,
    /**
     * pg_ctl start, stop or restart (fast: open connections are closed) with this server's settings,
     * waiting until it is done but not blocking the event loop: the tests of a database outage.
     */
    control(action) {
      return runAsAsync(join(bin, 'pg_ctl'), [...startArgs, ...(action === 'start' ? [] : ['-m', 'fast']), action])
    },
    stop() {
      if (stopped) return
      stopped = true
      try {
        runAs(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'])
      } catch (error) {
        console.error(String(error))
      }
    },
  }
}
