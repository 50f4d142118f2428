// What a screen shows when it throws (the router's default error component). A code chunk that
// did not arrive (spec §8) is retried quietly with back-off — after a deploy, the page reloads into
// the new release instead — and only after 120 s of failures does the screen say 'Loading chunk
// failed', with Retry. Any other error keeps the router's own error view.
import { Trans } from '@lingui/react/macro'
import { ErrorComponent, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { givenUp, isChunkLoadError, reloadIntoNewRelease, retryDelayMs } from '../lib/chunk-failure'
import { applyUpdate } from '../lib/sw-register'

/** Failures closer together than this belong to one episode (the retries are at most 15 s apart). */
const EPISODE_GAP_MS = 20_000
const episode = { firstAt: 0, lastAt: 0, attempt: 0 }

function noteFailure(now: number) {
  if (now - episode.lastAt > EPISODE_GAP_MS) Object.assign(episode, { firstAt: now, attempt: 0 })
  episode.lastAt = now
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  if (!isChunkLoadError(error)) return <ErrorComponent error={error} />
  return <ChunkFailure reset={reset} />
}

function ChunkFailure({ reset }: { reset: () => void }) {
  const router = useRouter()
  const [failed, setFailed] = useState(() => {
    noteFailure(Date.now())
    return givenUp(episode.firstAt, Date.now())
  })
  useEffect(() => {
    if (failed) return
    let live = true
    const timer = setTimeout(async () => {
      // A waiting worker or a server page with another entry: this release's chunks may be gone.
      if (applyUpdate() || (await reloadIntoNewRelease(import.meta.env.BASE_URL))) return
      if (!live) return
      if (givenUp(episode.firstAt, Date.now())) return setFailed(true)
      episode.attempt += 1
      episode.lastAt = Date.now()
      reset()
      void router.invalidate()
    }, retryDelayMs(episode.attempt))
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [failed, reset, router])

  const retry = () => {
    Object.assign(episode, { firstAt: Date.now(), lastAt: Date.now(), attempt: 0 })
    setFailed(false)
    reset()
    void router.invalidate()
  }

  return (
    <main className="screen">
      {failed ? (
        <section className="empty-state" role="alert">
          <p className="empty-state__title">
            <Trans>Loading chunk failed</Trans>
          </p>
          <button type="button" className="button button--primary" onClick={retry}>
            <Trans>Retry</Trans>
          </button>
        </section>
      ) : (
        <section className="empty-state" role="status" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <p>
            <Trans>Loading…</Trans>
          </p>
        </section>
      )}
    </main>
  )
}
