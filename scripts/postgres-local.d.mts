export interface LocalPostgres {
  url: string
  adminUrl: string
  bin: string
  psql(sql: string, database?: string): { status: number | null; stdout: string; stderr: string }
  stop(): void
}
export function ensurePostgres(): string
export function startPostgres(options: { dir: string; port: number; throwaway?: boolean; maxConnections?: number; log?: (line: string) => void }): LocalPostgres
