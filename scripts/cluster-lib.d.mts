import type { ChildProcess } from 'node:child_process'

export interface ClusterInstance {
  index: number
  port: number
  child: ChildProcess
}
export interface Cluster {
  /** nginx's address, the cluster's one address (no trailing slash). */
  url: string
  databaseUrl: string
  instances: ClusterInstance[]
  /** Starts instance `index` again (after a kill), on its port. */
  restart(index: number): Promise<ClusterInstance>
  /** Stops nginx, the instances and PostgreSQL; resolves once all have ended. */
  stop(): Promise<void>
}
export function ensureNginx(): string
export function nginxConfig(options: { dir: string; port: number; upstreams: string[] }): string
export function startCluster(options: {
  root: string
  dataDir: string
  instances?: number
  /** nginx's port; the instances take the ports after it. 0: free ports for nginx and the instances. */
  port?: number
  /** PostgreSQL's port; 0: a free one. */
  pgPort?: number
  env?: Record<string, string>
  log?: (line: string) => void
}): Promise<Cluster>
