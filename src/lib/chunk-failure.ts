// A code chunk that does not arrive (spec §8: 'Loading chunk failed' after 120 s): the rules of
// the retries, and whether the server now serves another release than the one this page runs.

/** How long the app keeps retrying quietly before it says so (spec §8). */
export const GIVE_UP_MS = 120_000

/** The messages browsers and Vite give a dynamic import or a preload that failed. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk \S+ failed|Loading CSS chunk/i

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return CHUNK_FAILURE.test(message)
}

/** 1 s, 2 s, 4 s … at most 15 s between attempts: quick on a blip, gentle on a dead network. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 15_000)
}

/** Whether the retries are over: 120 s after the first failure. */
export const givenUp = (firstFailureAt: number, now: number): boolean => now - firstFailureAt >= GIVE_UP_MS

/** The module scripts an index.html names (its entry), as paths. */
export function entryScripts(html: string): string[] {
  return [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1] ?? '')
}

/**
 * A deploy replaced this release when the server's index.html names an entry this page did not
 * load. Offline or on an error, nothing is known: answers false.
 */
export async function isNewReleaseDeployed(base: string, loaded: string[]): Promise<boolean> {
  try {
    const response = await fetch(base, { cache: 'no-store', headers: { accept: 'text/html' } })
    if (!response.ok) return false
    const served = entryScripts(await response.text())
    return served.some((src) => !loaded.includes(src))
  } catch {
    return false
  }
}

const RELOADED_FOR = 'novaex-reloaded-for'

/**
 * An app left open across a deploy: reloads into the release the server names now, once per
 * release (a page that still fails after that reload retries and reports instead of looping).
 */
export async function reloadIntoNewRelease(base: string): Promise<boolean> {
  const loaded = [...document.querySelectorAll('script[type="module"][src]')].map((script) => script.getAttribute('src') ?? '')
  if (!(await isNewReleaseDeployed(base, loaded))) return false
  const marker = loaded.join(' ')
  if (sessionStorage.getItem(RELOADED_FOR) === marker) return false
  sessionStorage.setItem(RELOADED_FOR, marker)
  location.reload()
  return true
}
