// Reading a PDF for the viewer. The bytes are fetched here (not by pdf.js) so an offline miss or a
// refusal becomes a clear message, and so the worker's stored copy (sw read rules) serves offline.
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist'
import { CACHE_HEADER, CACHE_SOURCES, STORED_AT_HEADER } from '../../../contract/offline.ts'
import { noteLive, noteOffline } from '../../freshness'
// Vite's `?url` import gives the worker file its hashed URL in the build (the precache lists it too).
// oxlint-disable-next-line import/default -- the default export is Vite's, not the module's
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

GlobalWorkerOptions.workerSrc = workerUrl

/** Why a document could not be shown; the viewer words each one. */
export type LoadFailure = 'offline' | 'missing' | 'broken'

export class PdfLoadError extends Error {
  readonly reason: LoadFailure
  constructor(reason: LoadFailure) {
    super(reason)
    this.reason = reason
  }
}

const OFFLINE_STATUS = 503

export async function loadDocument(url: string, signal: AbortSignal): Promise<PDFDocumentProxy> {
  let response: Response
  try {
    response = await fetch(url, { signal, credentials: 'same-origin' })
  } catch (error) {
    if (signal.aborted) throw error
    throw new PdfLoadError('offline')
  }
  if (response.status === OFFLINE_STATUS) throw new PdfLoadError(navigator.onLine ? 'broken' : 'offline')
  if (!response.ok) throw new PdfLoadError('missing')
  // The worker's stored copy (sw/paper-cache.ts) says so: the shell's offline mark shows its age.
  if (response.headers.get(CACHE_HEADER) === CACHE_SOURCES.offline) {
    const storedAt = Number(response.headers.get(STORED_AT_HEADER))
    noteOffline(new URL(url, location.href).pathname, Number.isFinite(storedAt) && storedAt > 0 ? storedAt : null)
  } else {
    noteLive()
  }
  const data = new Uint8Array(await response.arrayBuffer())
  try {
    return await getDocument({ data }).promise
  } catch {
    throw new PdfLoadError('broken')
  }
}
