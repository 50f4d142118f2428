import './pdf-viewer.css'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { useEffect, useRef, useState } from 'react'
import type { PdfViewerProps } from './index'
import { loadDocument, PdfLoadError } from './load-document'
import { PdfPage } from './pdf-page'
import { PageWords } from './page-words'
import { usePageTexts } from './use-page-texts'
import { usePinchZoom } from './use-pinch-zoom'
import { zoomIn, zoomOut } from './zoom'

type State = { status: 'loading' } | { status: 'ready'; doc: PDFDocumentProxy } | { status: 'error'; reason: string }
/** A settled load, for the url and attempt it answered: another url (or a retry) shows loading at once. */
type Settled = { key: string; state: State }

function FailureText({ reason }: { reason: string }) {
  if (reason === 'offline') return <Trans>You are offline and this document has not been saved on this device yet.</Trans>
  if (reason === 'missing') return <Trans>This document is not available.</Trans>
  return <Trans>The document could not be opened.</Trans>
}

/** The pdf.js half of PdfViewer (index.tsx is its lazy boundary). */
export default function Viewer({ url, title, downloadName }: PdfViewerProps) {
  const { t } = useLingui()
  const [settled, setSettled] = useState<Settled | null>(null)
  const [round, setRound] = useState(0)
  const key = `${round}:${url}`
  const state: State = settled?.key === key ? settled.state : { status: 'loading' }
  const [width, setWidth] = useState(0)
  const pagesRef = useRef<HTMLDivElement>(null)
  const { zoom, setZoom } = usePinchZoom(pagesRef)
  // The text view: the pages' words at the reader's own text size, wrapped to the screen (a page's
  // drawing only zooms, and its lines run off a zoomed phone: WCAG 1.4.10).
  const [asText, setAsText] = useState(false)
  const words = usePageTexts(state.status === 'ready' ? state.doc : null)

  useEffect(() => {
    const controller = new AbortController()
    let doc: PDFDocumentProxy | null = null
    loadDocument(url, controller.signal).then(
      (loaded) => {
        doc = loaded
        if (controller.signal.aborted) void loaded.loadingTask.destroy()
        else setSettled({ key, state: { status: 'ready', doc: loaded } })
      },
      (error: unknown) => !controller.signal.aborted && setSettled({ key, state: { status: 'error', reason: error instanceof PdfLoadError ? error.reason : 'broken' } }),
    )
    return () => {
      controller.abort()
      void doc?.loadingTask.destroy()
    }
  }, [url, key])

  // The pages fit the viewer's width at zoom 1; a rotation or a resize refits them.
  useEffect(() => {
    const element = pagesRef.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.floor(entry.contentRect.width)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const pageCount = state.status === 'ready' ? state.doc.numPages : 0
  return (
    <section className="pdf-viewer" aria-label={title}>
      <div className="pdf-viewer__bar">
        <span className="pdf-viewer__count" role="status">
          {state.status === 'ready' ? <Trans>{pageCount} pages</Trans> : '--'}
        </span>
        {!asText && <div className="pdf-viewer__zoom">
          <button type="button" className="button button--ghost button--small" aria-label={t`Zoom out`} onClick={() => setZoom(zoomOut(zoom))}>−</button>
          <span className="pdf-viewer__percent" aria-label={t`Zoom`}>{Math.round(zoom * 100)}%</span>
          <button type="button" className="button button--ghost button--small" aria-label={t`Zoom in`} onClick={() => setZoom(zoomIn(zoom))}>+</button>
        </div>}
        <a className="button button--text button--small" href={url} download={downloadName}><Trans>Download</Trans></a>
        <button type="button" className="button button--ghost button--small" onClick={() => setAsText((on) => !on)} disabled={state.status !== 'ready'}>
          {asText ? <Trans>Show pages</Trans> : <Trans>Read as text</Trans>}
        </button>
      </div>
      {asText && state.status === 'ready' && (
        <div className="pdf-viewer__text">
          {words === null ? <p className="pdf-viewer__state" role="status"><span className="spinner" aria-hidden="true" /> <Trans>Loading the document…</Trans></p> : words.map((blocks, index) => (
            <section key={index}>
              <h2 className="pdf-viewer__text-page"><Trans>Page {index + 1} of {pageCount}</Trans></h2>
              {blocks.length ? <PageWords blocks={blocks} /> : <p className="muted"><Trans>This page has no text.</Trans></p>}
            </section>
          ))}
        </div>
      )}
      <div ref={pagesRef} className="pdf-viewer__pages" hidden={asText}>
        {state.status === 'loading' && <p className="pdf-viewer__state" role="status"><span className="spinner" aria-hidden="true" /> <Trans>Loading the document…</Trans></p>}
        {state.status === 'error' && (
          <div className="pdf-viewer__state" role="alert">
            <p><FailureText reason={state.reason} /></p>
            <button type="button" className="button button--ghost button--small" onClick={() => setRound((n) => n + 1)}><Trans>Retry</Trans></button>
          </div>
        )}
        {state.status === 'ready' && width > 0 &&
          Array.from({ length: pageCount }, (_, index) => (
            <PdfPage key={index} doc={state.doc} pageNumber={index + 1} width={width} zoom={zoom} root={pagesRef} label={t`Page ${index + 1} of ${pageCount}`} words={words?.[index] ?? null} />
          ))}
      </div>
    </section>
  )
}
