import { useMemo } from 'react'
import { encode } from 'uqr'

/**
 * The otpauth:// URI as a QR code for an authenticator app to scan, made in the browser (uqr, as
 * the deposit address's): one SVG path of unit squares, dark on white with a 4-module quiet zone
 * whatever the theme, error correction M. `label` is its text alternative (the key is also shown
 * as text under it, for apps that cannot scan).
 */
export function TwoFactorQr({ uri, label }: { uri: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(uri, { ecc: 'M', border: 4 })
    const parts: string[] = []
    qr.data.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)))
    return { size: qr.size, path: parts.join('') }
  }, [uri])
  return (
    <svg className="two-factor__qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges" data-testid="two-factor-qr">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
