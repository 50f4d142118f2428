// The engines' heartbeat: a pass every `ms` (the seconds settlement, the spot feed pass), never two
// at once — a tick that finds the last pass still running (awaiting a live feed) is skipped. The
// timer does not keep the process alive; stop() ends it and tells the pass's owner.
import type { FastifyBaseLogger } from 'fastify'

export function startTicks(log: FastifyBaseLogger, label: string, ms: number, pass: () => Promise<unknown>, onStop: () => void = () => {}): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    pass()
      .catch((error: unknown) => log.error({ err: error }, `${label} failed`))
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
