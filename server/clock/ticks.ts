// The engines' heartbeat: a pass every `ms` (the seconds settlement, the spot feed pass), never two
// at once — a tick that finds the last pass still running (awaiting a live feed) is skipped, and
// so is one whose pass another server instance on the same database runs now (db.exclusively):
// every instance runs the timers, one at a time does each pass's work. The timer does not keep the
// process alive; stop() ends it and tells the pass's owner.
import type { AppContext } from '../context.ts'

export function startTicks(
  ctx: Pick<AppContext, 'db' | 'log'>,
  label: string,
  ms: number,
  pass: () => Promise<unknown>,
  onStop: () => void = () => {},
): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    ctx.db
      .exclusively(label, pass)
      .catch((error: unknown) => ctx.log.error({ err: error }, `${label} failed`))
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
