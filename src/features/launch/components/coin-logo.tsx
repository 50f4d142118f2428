/** A project's logo, or its symbol's first letter while there is none (or it fails to load offline). */
export function CoinLogo({ src, symbol, size = 40 }: { src: string; symbol: string; size?: number }) {
  return (
    <span className="launch-logo" style={{ width: size, height: size }} aria-hidden="true">
      {src ? <img src={src} alt="" width={size} height={size} loading="lazy" onError={(event) => event.currentTarget.remove()} /> : null}
      <span className="launch-logo__letter">{symbol.slice(0, 1)}</span>
    </span>
  )
}
