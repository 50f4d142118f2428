import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef } from 'react'
import { toast } from '../../../lib/toast'
import { drawPoster, POSTER_HEIGHT, POSTER_WIDTH } from './draw-poster'

const FILE_NAME = 'novaex-invite.png'

const posterBlob = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/png'))

/** Spec §2 "Invite: invite code and poster": drawn on a canvas, saved as a PNG or shared with the image. */
/**
 * Where the browser has no Web Share API (most desktop browsers, in-app browsers, a page not served
 * over https), a greyed-out Share button told the trader nothing: the poster says why instead and
 * offers what does work here — saving the image, and copying the link to paste anywhere.
 */
export function SharePoster({ code, link }: { code: string; link: string }) {
  const { t } = useLingui()
  const canvas = useRef<HTMLCanvasElement>(null)
  const whyId = useId()
  const text = {
    brand: 'NovaEx',
    tagline: t`Trade and join new-coin launches`,
    codeLabel: t`My invitation code`,
    code,
    scanHint: t`Scan to register`,
  }
  const key = JSON.stringify(text)
  useEffect(() => {
    const context = canvas.current?.getContext('2d')
    if (context) drawPoster(context, JSON.parse(key), link)
  }, [key, link])

  const save = async () => {
    if (!canvas.current) return
    const url = URL.createObjectURL(await posterBlob(canvas.current))
    const anchor = document.createElement('a')
    anchor.href = url
    anchor.download = FILE_NAME
    anchor.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
  const share = async () => {
    if (!canvas.current) return
    const file = new File([await posterBlob(canvas.current)], FILE_NAME, { type: 'image/png' })
    const data: ShareData = { title: 'NovaEx', text: t`Join me on NovaEx with my invitation code ${code}`, url: link }
    // The image goes along only where the browser says it can share files; elsewhere the link alone.
    const withFile = navigator.canShare?.({ files: [file] }) ? { ...data, files: [file] } : data
    try {
      await navigator.share(withFile)
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return
      toast.warning(t`Sharing did not work here; save the poster instead`)
    }
  }
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link)
      toast.success(t`Invitation link copied`)
    } catch {
      toast.warning(t`Copying is not allowed here; please copy the link by hand`)
    }
  }
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  return (
    <section className="card me-stack" aria-label={t`Invitation poster`}>
      <canvas ref={canvas} className="me-poster" width={POSTER_WIDTH} height={POSTER_HEIGHT} role="img" aria-label={t`Invitation poster with a QR code of your link`} />
      <div className="me-actions">
        <button type="button" className="button button--ghost" onClick={() => void save()}><Trans>Save image</Trans></button>
        {canShare ? (
          <button type="button" className="button button--primary" onClick={() => void share()}><Trans>Share</Trans></button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => void copyLink()} aria-describedby={whyId}>
            <Trans>Copy link</Trans>
          </button>
        )}
      </div>
      {!canShare && (
        <p id={whyId} className="muted">
          <Trans>This browser cannot share from a web page. Save the image and send it, or copy your invitation link.</Trans>
        </p>
      )}
    </section>
  )
}
