import { useMemo } from 'react'
import { encode } from 'uqr'

/** One SVG path of unit squares for the dark modules: a few KB however long the address is. */
function modulesPath(rows: boolean[][]): string {
  const parts: string[] = []
  rows.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)))
  return parts.join('')
}

/**
 * The deposit address as a QR code, made in the browser (uqr: pure JS, no dependencies; this
 * screen's chunk only). Error correction M survives a scratched or glare-hit phone screen. Dark on
 * white with a 4-module quiet zone, as wallet scanners expect, whatever the app's dark theme.
 */
export function RechargeQr({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 4 })
    return { size: qr.size, path: modulesPath(qr.data) }
  }, [text])
  return (
    <svg className="recharge-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
