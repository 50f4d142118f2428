import { Fragment } from 'react'

/**
 * A date and time ("2026-11-19 15:17:33") that may wrap between its words on a narrow line but
 * never inside one: a browser would otherwise break the date at its hyphens.
 */
export function WholeWords({ text }: { text: string }) {
  return text.split(' ').map((word, index) => (
    <Fragment key={index}>
      {index > 0 && ' '}
      <span className="launch-whole">{word}</span>
    </Fragment>
  ))
}
