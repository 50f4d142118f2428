import type { ReactNode } from 'react'

/** A row's facts as label and value pairs (address, times, device), each pair kept together when the row wraps. */
export function HistoryFacts({ facts }: { facts: ReadonlyArray<readonly [ReactNode, ReactNode]> }) {
  return (
    <dl className="safety-facts">
      {facts.map(([label, value], index) => (
        <div key={index} className="safety-facts__pair">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
