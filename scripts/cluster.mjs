// `npm run cluster`: the scale-out layout on this machine — PostgreSQL under DATA_DIR (default
// ./data-cluster), CLUSTER_INSTANCES server instances (default 3) on it, and nginx in front as the
// one address (PORT, default 8080). Ctrl-C stops everything. See the README's "Operations".
import { join } from 'node:path'
import { startCluster } from './cluster-lib.mjs'
import { ensureDependencies, root, runBin } from './lib.mjs'
import { buildIfChanged } from './build-if-changed.mjs'
import { DEMO_ACCOUNT } from '../server/seed.ts'

const number = (name, fallback, min, max) => {
  const raw = process.env[name]
  const value = raw === undefined || raw === '' ? fallback : Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`)
    process.exit(2)
  }
  return value
}

ensureDependencies()
buildIfChanged(runBin)
const dataDir = process.env.DATA_DIR || join(root, 'data-cluster')
const instances = number('CLUSTER_INSTANCES', 3, 1, 16)
const port = number('PORT', 8080, 1, 65535)
const pgPort = number('PG_PORT', 5433, 1, 65535)

console.log(`\n▶ start the cluster: PostgreSQL, ${instances} server instances, nginx (Ctrl-C stops them all)`)
let cluster
try {
  cluster = await startCluster({ root, dataDir, instances, port, pgPort, env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' } })
} catch (error) {
  console.error(`✖ the cluster could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
console.log(`
App: ${cluster.url}/mobile/  (nginx → ${cluster.instances.map((instance) => instance.port).join(', ')})
Database: ${cluster.databaseUrl}  (data in ${join(dataDir, 'postgres')})
Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password} (fund password ${DEMO_ACCOUNT.fundPassword})
Mail: written to ${join(dataDir, 'shared', 'outbox')}/
`)
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    console.log('\nstopping nginx, the instances and PostgreSQL…')
    void cluster.stop().then(() => process.exit(0))
  })
}
for (const instance of cluster.instances) {
  instance.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`instance on port ${instance.port} stopped (${signal ?? code}); nginx sends its requests to the others`)
  })
}
