// A white paper's page (lib/ui/pdf-viewer/pdf-page.tsx) is a drawing on a canvas: once its words are
// read (use-page-texts.ts), a screen reader reads them instead of the drawing, under the page's name.
import { cleanup, screen } from '@testing-library/react'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { createRef } from 'react'
import { afterEach, expect, it } from 'vitest'
import { PdfPage } from '../../src/lib/ui/pdf-viewer/pdf-page'
import { renderScreen } from './render'

// The little of pdf.js a page box uses before it is drawn (it is never scrolled into view here).
const doc = { getPage: () => new Promise(() => undefined) } as unknown as PDFDocumentProxy

afterEach(cleanup)

it('a page whose words are read offers them instead of the canvas, under the page\'s name', async () => {
  const words = [{ text: 'Vision', heading: true }, { text: 'NovaEx is a mobile exchange that works offline-first.', heading: false }]
  await renderScreen(() => <PdfPage doc={doc} pageNumber={1} width={300} zoom={1} root={createRef()} label="Page 1 of 3" words={words} />)
  const page = screen.getByRole('group', { name: 'Page 1 of 3' })
  expect(screen.getByRole('heading', { name: 'Vision' })).toBeTruthy()
  expect(page.textContent).toContain('NovaEx is a mobile exchange that works offline-first.')
  expect(page.querySelector('canvas')?.getAttribute('aria-hidden')).toBe('true')
  expect(screen.queryByRole('img')).toBeNull()
})

it('until then, or on a page without words, the canvas is an image named for its page', async () => {
  await renderScreen(() => <PdfPage doc={doc} pageNumber={2} width={300} zoom={1} root={createRef()} label="Page 2 of 3" words={null} />)
  expect(screen.getByRole('img', { name: 'Page 2 of 3' }).tagName).toBe('CANVAS')
})
