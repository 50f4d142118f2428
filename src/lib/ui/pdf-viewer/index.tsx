import { Trans } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'

export interface PdfViewerProps {
  /** Where the PDF is read (same origin; the worker keeps a copy for offline reading). */
  url: string
  /** The document's name, for the viewer's accessible label. */
  title: string
  /** The file name the download link suggests. */
  downloadName: string
}

// The lazy boundary: pdf.js (and its worker) load only with the routes that show a PDF (the white
// paper, the profile's documents), never with the home page's first visit (architecture §8).
const Viewer = lazy(() => import('./viewer'))

/**
 * A PDF rendered page by page to canvases with pdf.js, because mobile browsers do not show a PDF
 * inline: pages scroll and render as they come into view, pinch or +/- zoom, a page count and a
 * download link, with loading and error (offline) states.
 */
export function PdfViewer(props: PdfViewerProps) {
  return (
    <Suspense fallback={<p className="pdf-viewer__state" role="status"><span className="spinner" aria-hidden="true" /> <Trans>Loading the document…</Trans></p>}>
      <Viewer {...props} />
    </Suspense>
  )
}
