// The PDF viewer's text alternative (lib/ui/pdf-viewer/page-text.ts): a page's text runs as
// paragraphs and headings, top to bottom, for screen readers and the reflowing text view.
import { describe, expect, it } from 'vitest'
import { textBlocks, type TextRun } from '../../src/lib/ui/pdf-viewer/page-text'

const run = (str: string, y: number, height: number, hasEOL = true): TextRun => ({ str, y, height, hasEOL })
// What pdf.js reports for the platform paper's first page (the page number comes first in the file).
const PAGE: TextRun[] = [
  run('1', 28, 8, false), run('', 540, 0),
  run('NovaEx', 540, 24, false), run('', 490, 0),
  run('White paper: a mobile exchange and new-coin launch', 490, 12), run('platform', 473, 12, false), run('', 364, 0),
  run('Vision', 364, 16, false), run('', 339.4, 0),
  run('NovaEx is a mobile exchange that works offline-first: markets,', 339.4, 11),
  run('spot trading, seconds contracts, leveraged contracts and a', 321.8, 11),
  run('launchpad for new coins, in four languages.', 304.2, 11, false),
]

describe('a PDF page as text', () => {
  it('joins a paragraph\'s lines, marks the larger type as headings, reads top to bottom and leaves out the page number', () => {
    expect(textBlocks(PAGE)).toEqual([
      { text: 'NovaEx', heading: true },
      { text: 'White paper: a mobile exchange and new-coin launch platform', heading: false },
      { text: 'Vision', heading: true },
      { text: 'NovaEx is a mobile exchange that works offline-first: markets, spot trading, seconds contracts, leveraged contracts and a launchpad for new coins, in four languages.', heading: false },
    ])
  })
  it('joins Japanese lines without a space, and a page without text has no blocks', () => {
    const ja = [run('NovaEx はオフラインファーストのモバイル取引所です。相', 339.4, 11), run('場、現物取引を提供します。', 321.8, 11)]
    expect(textBlocks(ja)).toEqual([{ text: 'NovaEx はオフラインファーストのモバイル取引所です。相場、現物取引を提供します。', heading: false }])
    expect(textBlocks([run('', 100, 0), run('  ', 90, 11)])).toEqual([])
  })
})
