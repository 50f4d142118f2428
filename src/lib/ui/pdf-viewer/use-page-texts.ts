import type { PDFDocumentProxy } from 'pdfjs-dist'
import { useEffect, useState } from 'react'
import { textBlocks, type TextBlock, type TextRun } from './page-text'

/**
 * Every page's words (page-text.ts), read one page after another once the document is open:
 * the text alternative of the drawn pages. Null until read; a page pdf.js cannot read has none.
 */
export function usePageTexts(doc: PDFDocumentProxy | null): TextBlock[][] | null {
  const [texts, setTexts] = useState<{ doc: PDFDocumentProxy; pages: TextBlock[][] } | null>(null)
  useEffect(() => {
    if (!doc) return
    // Cleared when the document changes or the viewer closes: the reading stops there.
    const reading = { current: true }
    void (async () => {
      const pages: TextBlock[][] = []
      for (let number = 1; number <= doc.numPages && reading.current; number++) {
        const runs = await doc.getPage(number).then((page) => page.getTextContent()).then(
          (content) => content.items.flatMap((item): TextRun[] => ('str' in item ? [{ str: item.str, hasEOL: item.hasEOL, height: item.height, y: Number(item.transform[5]) }] : [])),
          () => [],
        )
        pages.push(textBlocks(runs))
      }
      if (reading.current) setTexts({ doc, pages })
    })()
    return () => {
      reading.current = false
    }
  }, [doc])
  return texts?.doc === doc ? texts.pages : null
}
