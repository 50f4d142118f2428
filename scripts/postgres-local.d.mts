export interface LocalPostgres {
  url: string
  adminUrl: string
  bin: string
  psql(sql: string, database?: string): { status: number | null; stdout: string; stderr: string }
  /** pg_ctl start, stop or restart (-m fast), awaited without blocking the event loop. */
  control(action: 'start' | 'stop' | 'restart'): Promise<void>
  stop(): void
}
export function ensurePostgres(): string
export function startPostgres(options: { dir: string; port: number; throwaway?: boolean; maxConnections?: number; log?: (line: string) => void }): LocalPostgres
