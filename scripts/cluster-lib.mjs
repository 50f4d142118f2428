// The scale-out layout on one machine (architecture §6 "Storage"; README "Operations"): a
// PostgreSQL server, N stateless server instances on it, and nginx in front of them as the one
// address. Used by `npm run cluster` (scripts/cluster.mjs) and by the tests that kill an instance.
// Node built-ins only; PostgreSQL and nginx are Debian's packages, installed with apt-get when
// missing and running as root, as the browser tests do for Chromium.
import { spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from './free-port.mjs'
import { startPostgres } from './postgres-local.mjs'

const NGINX = '/usr/sbin/nginx'

export function ensureNginx() {
  if (existsSync(NGINX)) return NGINX
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`\n▶ install Debian's nginx for the cluster's one address (apt-get)`)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'nginx']]) spawnSync('apt-get', args, { stdio: 'inherit', env })
    if (existsSync(NGINX)) return NGINX
  }
  throw new Error("nginx was not found at /usr/sbin/nginx. Install Debian's package (as root: apt-get update && apt-get install -y nginx) and run the command again.")
}

/** nginx in front of the instances: least busy first, an instance that stops answering skipped. */
export function nginxConfig({ dir, port, upstreams }) {
  const temp = (name) => join(dir, 'temp', name)
  // Started as root, nginx's workers run as www-data (Debian's web user), which must write here.
  const asRoot = process.getuid?.() === 0
  const worker = asRoot ? spawnSync('id', ['-u', 'www-data'], { encoding: 'utf8' }).stdout.trim() : ''
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(temp(name), { recursive: true })
    if (worker) chownSync(temp(name), Number(worker), Number(worker))
  }
  return `# Written by scripts/cluster-lib.mjs: the cluster's one address.
${worker ? 'user www-data;\n' : ''}worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream exchange {
    least_conn;
${upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    # Uploads are checked by the server itself (server/uploads/form.ts); this only must not be lower.
    client_max_body_size 16m;
    location / {
      proxy_pass http://exchange;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The instances trust this address only (TRUST_PROXY), so login limits see the real client.
      proxy_set_header X-Forwarded-For $remote_addr;
      # A request that could not reach an instance goes to the next one. A POST that reached one
      # is never sent twice (nginx's default): a money call is replayed by its idempotency key only.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_buffering off;
    }
  }
}
`
}

/** Resolves with the child once it printed `ready` on stdout; rejects if it exits first. */
function waitFor(child, ready, label, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    let output = ''
    const onOutput = (chunk) => (output += chunk)
    const onData = (chunk) => {
      onOutput(chunk)
      if (ready.test(output)) settle(() => resolve(child))
    }
    const onExit = (code) => settle(() => reject(new Error(`${label} exited (${code}) before it was ready:\n${output}`)))
    const timer = setTimeout(() => settle(() => reject(new Error(`${label} did not start within ${timeoutMs / 1000} s:\n${output}`))), timeoutMs)
    // The start-up output is kept only until then: an instance runs for days.
    function settle(done) {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.stderr?.off('data', onOutput)
      child.off('exit', onExit)
      done()
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onOutput)
    child.once('exit', onExit)
  })
}

/** Passes each line a running instance prints (LOG_LEVEL's warnings and errors) to `log`, named. */
function forwardLines(stream, name, log) {
  let partial = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) if (line.trim() !== '') log(`[${name}] ${line}`)
  })
}

/** How long stop() waits for a process to end before it kills it. */
const STOP_WAIT_MS = 10_000

/** Resolves once the child has exited; after STOP_WAIT_MS it is killed. */
function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WAIT_MS)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

/**
 * Starts PostgreSQL (under dataDir/postgres) on `pgPort`, `instances` servers on it (ports port+1…)
 * and nginx on `port`; a port of 0 picks free ones (tests and benchmarks: nginx's and the
 * instances' for `port`, PostgreSQL's for `pgPort`). Answers the address, the instances (each can
 * be killed and started again on its port) and stop(), which resolves once everything has ended.
 */
export async function startCluster({ root, dataDir, instances = 3, port = 8080, pgPort = 5433, env = {}, log = console.log }) {
  mkdirSync(dataDir, { recursive: true })
  const nginx = ensureNginx()
  const proxyPort = port === 0 ? await freePort() : port
  const instancePorts = []
  for (let index = 0; index < instances; index++) instancePorts.push(port === 0 ? await freePort() : port + 1 + index)
  const pg = startPostgres({ dir: join(dataDir, 'postgres'), port: pgPort === 0 ? await freePort() : pgPort, log })
  const children = new Set()
  const serverEnv = (instancePort) => ({
    ...process.env,
    ...env,
    PORT: String(instancePort),
    HOST: '127.0.0.1',
    DATA_DIR: join(dataDir, 'shared'),
    DATABASE_URL: pg.url,
    TRUST_PROXY: '127.0.0.1',
  })

  const startInstance = async (index) => {
    const instancePort = instancePorts[index]
    const child = spawn(process.execPath, ['server/main.ts'], { cwd: root, env: serverEnv(instancePort), stdio: ['ignore', 'pipe', 'pipe'] })
    children.add(child)
    child.once('exit', () => children.delete(child))
    await waitFor(child, /App: http/, `instance ${index + 1}`)
    // After start its log goes on (the instances' warnings and errors; the pipes never fill).
    forwardLines(child.stdout, `instance ${index + 1}`, log)
    forwardLines(child.stderr, `instance ${index + 1}`, log)
    return { index, port: instancePort, child }
  }

  const stop = async () => {
    const running = [...children, ...(nginxProcess ? [nginxProcess] : [])]
    for (const child of children) child.kill('SIGTERM')
    nginxProcess?.kill('SIGQUIT')
    await Promise.all(running.map(exited))
    pg.stop()
  }

  let nginxProcess
  try {
    // The first instance migrates and seeds alone; the others then start together.
    const first = await startInstance(0)
    const others = await Promise.all(Array.from({ length: instances - 1 }, (_, i) => startInstance(i + 1)))
    const running = [first, ...others]
    const nginxDir = join(dataDir, 'nginx')
    mkdirSync(nginxDir, { recursive: true })
    const configFile = join(nginxDir, 'nginx.conf')
    writeFileSync(configFile, nginxConfig({ dir: nginxDir, port: proxyPort, upstreams: running.map((instance) => `127.0.0.1:${instance.port}`) }))
    nginxProcess = spawn(nginx, ['-c', configFile, '-p', nginxDir, '-e', join(nginxDir, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] })
    await waitForPort(proxyPort)
    return {
      url: `http://127.0.0.1:${proxyPort}`,
      databaseUrl: pg.url,
      instances: running,
      /** Starts instance `index` again (after a kill), on its port. */
      restart: (index) => startInstance(index),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function waitForPort(port, timeoutMs = 15_000) {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  throw new Error(`nginx did not answer on port ${port}`)
}
