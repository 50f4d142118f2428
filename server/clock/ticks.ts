// The engines' heartbeat: a pass every `ms` (the seconds settlement, the spot feed pass), never two
// at once — a tick that finds the last pass still running (awaiting a live feed) is skipped, and
// so is one whose pass another server instance on the same database runs now (db.exclusively):
// every instance runs the timers, one at a time does each pass's work. The timer does not keep the
// process alive; stop() ends it and tells the pass's owner.
// A pass that finds the storage unavailable (the database restarting, a full disk) is simply tried
// again on the next tick: the outage is logged once as a warning, and its end once, instead of an
// error four times a second.
import type { AppContext } from '../context.ts'
import { DatabaseUnavailableError } from '../db/database.ts'

export function startTicks(
  ctx: Pick<AppContext, 'db' | 'log'>,
  label: string,
  ms: number,
  pass: () => Promise<unknown>,
  onStop: () => void = () => {},
): () => void {
  let running = false
  /** Since when the storage has been unavailable to this pass; undefined while it is not. */
  let downSince: number | undefined
  const timer = setInterval(() => {
    if (running) return
    running = true
    ctx.db
      .exclusively(label, pass)
      .then(() => {
        if (downSince === undefined) return
        ctx.log.info({ unavailableMs: Date.now() - downSince }, `${label} resumed: the storage is back`)
        downSince = undefined
      })
      .catch((error: unknown) => {
        if (!(error instanceof DatabaseUnavailableError)) return ctx.log.error({ err: error }, `${label} failed`)
        if (downSince !== undefined) return
        downSince = Date.now()
        ctx.log.warn({ fault: error.message }, `${label} paused: the storage is unavailable, trying again every tick`)
      })
      .finally(() => {
        running = false
      })
  }, ms)
  timer.unref()
  return () => {
    clearInterval(timer)
    onStop()
  }
}
