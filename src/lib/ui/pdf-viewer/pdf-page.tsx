import { Trans } from '@lingui/react/macro'
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist'
import { useEffect, useRef, useState, type RefObject } from 'react'
import type { TextBlock } from './page-text'
import { PageWords } from './page-words'
import { renderScale } from './zoom'

interface PdfPageProps {
  doc: PDFDocumentProxy
  pageNumber: number
  /** The viewer's inner width in CSS px: the page fits it at zoom 1. */
  width: number
  zoom: number
  root: RefObject<HTMLDivElement | null>
  label: string
  /** The page's words (use-page-texts.ts), read by screen readers instead of the drawing; null until read. */
  words: readonly TextBlock[] | null
}

/** A4 portrait until the page's own size is known, so the scroll height is close from the start. */
const DEFAULT_RATIO = 297 / 210

/**
 * One page: a box of the page's size, drawn to its canvas only once it comes near the view (a
 * long white paper does not render fifty pages up front), redrawn when the zoom settles. Until its
 * drawing is done the box shows a spinner and says which page is coming, so a slow page (a big CJK
 * font, a slow phone) never reads as a blank sheet.
 */
export function PdfPage({ doc, pageNumber, width, zoom, root, label, words }: PdfPageProps) {
  const boxRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [page, setPage] = useState<PDFPageProxy | null>(null)
  const [visible, setVisible] = useState(false)
  /** The drawing (page, width, zoom) the canvas shows; anything else is still being drawn. */
  const [drawn, setDrawn] = useState<string | null>(null)

  useEffect(() => {
    const box = boxRef.current
    if (!box) return
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setVisible(true), { root: root.current, rootMargin: '400px 0px' })
    observer.observe(box)
    return () => observer.disconnect()
  }, [root])

  useEffect(() => {
    if (!visible) return
    let current = true
    doc.getPage(pageNumber).then((loaded) => current && setPage(loaded), () => undefined)
    return () => {
      current = false
    }
  }, [doc, pageNumber, visible])

  const base = page?.getViewport({ scale: 1 })
  const fit = base ? width / base.width : 1
  const cssWidth = Math.floor(width * zoom)
  const cssHeight = Math.floor(base ? base.height * fit * zoom : width * DEFAULT_RATIO * zoom)

  const drawing = `${pageNumber}:${width}:${zoom}`
  useEffect(() => {
    const canvas = canvasRef.current
    if (!page || !canvas) return
    const unit = page.getViewport({ scale: 1 })
    const scale = renderScale(width / unit.width, zoom, window.devicePixelRatio, unit.width, unit.height)
    const viewport = page.getViewport({ scale })
    canvas.width = Math.floor(viewport.width)
    canvas.height = Math.floor(viewport.height)
    let task: RenderTask | null = page.render({ canvas, viewport })
    task.promise.then(() => {
      canvas.setAttribute('data-rendered', 'true')
      setDrawn(`${pageNumber}:${width}:${zoom}`)
    }, () => undefined)
    return () => {
      task?.cancel()
      task = null
    }
  }, [page, pageNumber, width, zoom])

  return (
    <div ref={boxRef} className="pdf-viewer__page" style={{ width: cssWidth, height: cssHeight }} role="group" aria-label={label}>
      {/* One canvas throughout (a new one would lose its drawing): hidden from screen readers once the words stand in for it. */}
      <canvas ref={canvasRef} style={{ width: cssWidth, height: cssHeight }}
        {...(words?.length ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })} />
      {words?.length ? <div className="sr-only"><PageWords blocks={words} /></div> : null}
      {drawn !== drawing && (
        <p className="pdf-viewer__page-state" role="status">
          <span className="spinner" aria-hidden="true" /> <Trans>Loading page {pageNumber}…</Trans>
        </p>
      )}
    </div>
  )
}
