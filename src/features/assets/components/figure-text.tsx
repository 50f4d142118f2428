import { PLACEHOLDER } from '../../../lib/format'
import { MASK } from '../logic'

/**
 * A figure whose unit the screen shows elsewhere (the row's currency, a column heading): kept on
 * one line, so it wraps whole and never digit by digit, and read by a screen reader with its unit
 * ("10,000.00 USDT"). A placeholder or a masked amount has no unit to read.
 */
export function FigureText({ text, unit }: { text: string; unit: string }) {
  if (text === PLACEHOLDER || text === MASK) return <>{text}</>
  return (
    <>
      <span className="figure-text">{text}</span>
      <span className="sr-only"> {unit}</span>
    </>
  )
}
