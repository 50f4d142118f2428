import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { fetchKycPhoto } from '../api'

/** A submitted photo: private to its owner, so fetched with the session and shown from a blob URL. */
export function KycPhoto({ side, alt }: { side: 'front' | 'back'; alt: string }) {
  const { t } = useLingui()
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let made: string | null = null
    let current = true
    fetchKycPhoto(side).then((blob) => {
      if (!current) return
      made = URL.createObjectURL(blob)
      setUrl(made)
    }, () => current && setFailed(true))
    return () => {
      current = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [side])
  if (url) return <img className="me-photo__preview" src={url} alt={alt} />
  return <span className="me-photo__preview me-photo__empty" role="img" aria-label={failed ? t`The photo could not be loaded` : alt}>{failed ? '!' : '…'}</span>
}
