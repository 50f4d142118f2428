import type { TextBlock } from './page-text'

/** A page's paragraphs and headings (page-text.ts) as HTML: shown in the text view, read by screen readers under each drawn page. */
export function PageWords({ blocks }: { blocks: readonly TextBlock[] }) {
  return blocks.map((block, index) => (block.heading ? <h3 key={index}>{block.text}</h3> : <p key={index}>{block.text}</p>))
}
